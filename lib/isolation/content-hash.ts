import { canonicalJson } from './canonical-json';

/**
 * SHA-256 of a value's canonical JSON, in hex: equal content gives an equal hash whatever object
 * identity or key order it has. Used to show a person that a parent and its children have not
 * changed since a fork. Works in browsers (secure contexts, which include localhost) and in Node.
 */
export async function contentHash(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The first 12 hex digits: enough for a person to compare at a glance. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}
