import { yieldToEventLoop } from '@/lib/slicing/yield-to-event-loop';
import { canonicalJson } from './canonical-json';

/** How long one slice of the work may hold the thread before it gives way to the page. */
const SLICE_MS = 12;

/**
 * `canonicalJson(value)` as a list of parts whose concatenation is exactly that text, written a
 * slice at a time: an array's items one by one (objects member by member on the way down to it),
 * giving the thread back whenever a slice has run `SLICE_MS`. Hashing a 10,000-message parent once
 * took one 1.8 s task on the main thread when a child was launched; in slices the page keeps
 * answering while it is hashed. An array's item is written whole: walking into every message
 * doubled the time a 10,000-message parent took to hash.
 */
export async function canonicalJsonInSlices(value: unknown, now: () => number = () => performance.now()): Promise<string[]> {
  const parts: string[] = [];
  let sliceStart = now();
  // A generator, not an async walk: a pause point per array item costs a resumption, not a promise.
  for (const _ of writeParts(value, parts)) {
    if (now() - sliceStart < SLICE_MS) continue;
    await yieldToEventLoop();
    sliceStart = now();
  }
  return parts;
}

/** Writes `member` into `parts`, pausing after each array item so the caller can give way. */
function* writeParts(member: unknown, parts: string[]): Generator<void> {
  if (Array.isArray(member)) {
    parts.push('[');
    for (let index = 0; index < member.length; index += 1) {
      if (index > 0) parts.push(',');
      // JSON writes an item it cannot represent (undefined, a function) as null.
      parts.push(canonicalJson(member[index]) ?? 'null');
      yield;
    }
    parts.push(']');
    return;
  }
  if (!isPlainRecord(member)) {
    parts.push(canonicalJson(member));
    return;
  }
  parts.push('{');
  let first = true;
  for (const key of keyOrder(member)) {
    const inner = member[key];
    // JSON leaves out an object's undefined, function and symbol members.
    if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
    parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    yield* writeParts(inner, parts);
  }
  parts.push('}');
}

/**
 * The order canonicalJson writes an object's keys in: sorted, then as a new object built in that
 * order enumerates them (integer-like keys first, in numeric order), since that object is what it writes.
 */
function keyOrder(value: Record<string, unknown>): string[] {
  return Object.keys(
    Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, 0]),
    ),
  );
}

/** An object JSON writes member by member: not null, not bytes, and without a `toJSON` of its own. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
