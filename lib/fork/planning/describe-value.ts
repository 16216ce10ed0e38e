/** How a value the model sent reads in Fork Lab's explanation of an error, whichever runtime refused it. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return Array.isArray(value) ? 'an array' : 'an object';
}
