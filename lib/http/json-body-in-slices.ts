import { jsonSlices } from '@/lib/json/json-slices';
import { blobInSlices } from '@/lib/slicing/blob-in-slices';

/**
 * `JSON.stringify({ [wrapper]: value })` as a JSON request body, built a slice of
 * `value[arrayKey]` at a time with a yield between slices, then wrapped a group of slices at a
 * time (`blobInSlices`): a 50 MB parent goes to the server without stalling the page.
 */
export async function jsonBodyInSlices(wrapper: string, value: Record<string, unknown>, arrayKey: string): Promise<Blob> {
  const items = value[arrayKey];
  if (!Array.isArray(items)) throw new TypeError(`${arrayKey} must be an array`);
  const { [arrayKey]: _, ...rest } = value;
  const head = JSON.stringify({ [wrapper]: { ...rest, [arrayKey]: [] } });
  // `…"<arrayKey>":[]}}`: the body is the head up to its array's `[`, the slices, and `]}}`.
  const parts = [head.slice(0, -3)];
  let first = true;
  for await (const slice of jsonSlices(items)) {
    parts.push(first ? slice.slice(1, -1) : `,${slice.slice(1, -1)}`);
    first = false;
  }
  parts.push(']}}');
  return blobInSlices(parts, 'application/json');
}
