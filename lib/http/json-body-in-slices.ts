import { jsonSlices } from '@/lib/scheduling/json-slices';

/**
 * `JSON.stringify({ [wrapper]: value })` as a request body, built a slice of `value[arrayKey]` at a
 * time with a yield between slices: a 50 MB parent goes to the server without stalling the page.
 * Each slice becomes a Blob of its own as it is made, so its UTF-8 encoding happens then too.
 */
export async function jsonBodyInSlices(wrapper: string, value: Record<string, unknown>, arrayKey: string): Promise<Blob> {
  const items = value[arrayKey];
  if (!Array.isArray(items)) throw new TypeError(`${arrayKey} must be an array`);
  const { [arrayKey]: _, ...rest } = value;
  const head = JSON.stringify({ [wrapper]: { ...rest, [arrayKey]: [] } });
  // `…"<arrayKey>":[]}}`: the body is the head up to its array's `[`, the slices, and `]}}`.
  const parts: Blob[] = [new Blob([head.slice(0, -3)])];
  let first = true;
  for await (const slice of jsonSlices(items)) {
    parts.push(new Blob([first ? slice.slice(1, -1) : `,${slice.slice(1, -1)}`]));
    first = false;
  }
  parts.push(new Blob([']}}']));
  return new Blob(parts, { type: 'application/json' });
}
