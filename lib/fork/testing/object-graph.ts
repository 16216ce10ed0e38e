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

/** Overwrite every string and number reachable from a value, to prove writes stay local. */
export function scribble(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    const record = value as Record<string, unknown>;
    const inner = record[key];
    if (typeof inner === 'string') record[key] = `${inner}!scribbled`;
    else if (typeof inner === 'number') record[key] = inner + 1000;
    else scribble(inner);
  }
}
