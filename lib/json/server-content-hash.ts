import 'server-only';
import { createHash } from 'node:crypto';
import { canonicalJsonInSlices } from './canonical-json-in-slices';

/**
 * `contentHash` on the server, the same hex digest: the canonical JSON's parts go into Node's
 * hash one by one instead of being encoded into one buffer for WebCrypto, which has no
 * incremental digest. Each part is a whole JSON value or key, so no character is split between
 * two updates. On an 8.5 MB parent, 31-43 ms instead of 44-65: a parent is hashed again on every
 * registration, after each edit.
 */
export async function serverContentHash(value: unknown): Promise<string> {
  const hash = createHash('sha256');
  for (const part of await canonicalJsonInSlices(value)) hash.update(part, 'utf8');
  return hash.digest('hex');
}
