/**
 * JSON with object keys sorted at every level, so two structurally equal values always give the
 * same text whatever order their keys were written in. `undefined` members are left out, as
 * `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return Array.from(value);
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) Object.defineProperty(sorted, key, { value: sortKeys(member), enumerable: true });
  }
  return sorted;
}
