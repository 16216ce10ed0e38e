import { isDeepFrozen } from '../transcript/deep-freeze';

/** Every object reachable from a value (arrays and typed arrays included). */
export function reachableObjects(value: unknown, into: Set<object> = new Set()): Set<object> {
  if (typeof value !== 'object' || value === null || into.has(value)) return into;
  into.add(value);
  if (ArrayBuffer.isView(value)) return into;
  for (const key of Object.keys(value)) reachableObjects((value as Record<string, unknown>)[key], into);
  return into;
}

/** Objects reachable from both values. */
export function sharedObjects(a: unknown, b: unknown): object[] {
  const left = reachableObjects(a);
  return [...reachableObjects(b)].filter((object) => left.has(object));
}

/**
 * Objects reachable from both values that isolation forbids sharing: every one that is not
 * deep-frozen ({@link isDeepFrozen}). A deep-frozen object cannot be written by either side, so
 * sharing it isolates as well as a copy would; a merely frozen one may still hold a writable one.
 */
export function mutableSharedObjects(a: unknown, b: unknown): object[] {
  return sharedObjects(a, b).filter((object) => !isDeepFrozen(object));
}

/**
 * Overwrite every string and number reachable from a value, to prove writes stay local. Frozen
 * objects are walked but not written: a write to one throws, which is the point of freezing.
 */
export function scribble(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const writable = !Object.isFrozen(value);
  for (const key of Object.keys(value)) {
    const record = value as Record<string, unknown>;
    const inner = record[key];
    if (typeof inner === 'string') {
      if (writable) record[key] = `${inner}!scribbled`;
    } else if (typeof inner === 'number') {
      if (writable) record[key] = inner + 1000;
    } else scribble(inner);
  }
}
