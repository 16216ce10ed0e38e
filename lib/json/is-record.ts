/** A JSON object as parsed: an object, not an array, not null. Everything that reads a log, a body or an answer asks this first. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
