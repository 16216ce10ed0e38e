import { utf8InSlices } from '@/lib/slicing/utf8-in-slices';
import { canonicalJsonInSlices } from './canonical-json-in-slices';

/**
 * SHA-256 of a value's canonical JSON, in hex: equal content gives an equal hash whatever object
 * identity or key order it has. Used to show a person that a parent and its children have not
 * changed since a fork. Works in browsers (secure contexts, which include localhost) and in Node.
 * The text is written and encoded in slices, so hashing a 10,000-message parent never holds the
 * page for long; the digest itself runs off the thread.
 */
export async function contentHash(value: unknown): Promise<string> {
  const bytes = await utf8InSlices(await canonicalJsonInSlices(value));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The first 12 hex digits: enough for a person to compare at a glance. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}
