import { createHash } from 'node:crypto';
import type { CapturedConversation } from './captured-conversation';
import { messageKey } from './message-shape';

const written = new WeakMap<CapturedConversation, readonly string[]>();

/**
 * Each message of a captured conversation written out once, as the provider reads it (one text a
 * string or a part alike): the check compares and looks up these, never the messages again.
 */
export function keysOf(conversation: CapturedConversation): readonly string[] {
  let keys = written.get(conversation);
  if (keys === undefined) {
    keys = conversation.transcript.messages.map(({ message }) => messageKey(message));
    written.set(conversation, keys);
  }
  return keys;
}

/** How many leading messages two conversations share. */
export function sharedPrefixLength(a: readonly string[], b: readonly string[]): number {
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared += 1;
  return shared;
}

/** `longer` begins with every message of `shorter`. */
export function startsWithAll(longer: readonly string[], shorter: readonly string[]): boolean {
  return shorter.length <= longer.length && sharedPrefixLength(longer, shorter) === shorter.length;
}

/**
 * A digest of the history before each of the given positions, in one pass: a call is known by its
 * id and this digest, so the same call recorded again (its history rewritten as parts, say) is
 * one call, and no whole history is kept as a key.
 */
export function historyDigests(keys: readonly string[], positions: readonly number[]): Map<number, string> {
  const digests = new Map<number, string>();
  const wanted = new Set(positions);
  const hash = createHash('sha256');
  for (let index = 0; index <= keys.length && digests.size < wanted.size; index += 1) {
    if (wanted.has(index)) digests.set(index, hash.copy().digest('hex'));
    if (index < keys.length) hash.update(`${keys[index]}\u0000`);
  }
  return digests;
}
