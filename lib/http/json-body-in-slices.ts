import { jsonSlices } from '@/lib/scheduling/json-slices';
import { utf8InSlices } from '@/lib/scheduling/utf8-in-slices';

/**
 * `JSON.stringify({ [wrapper]: value })` as UTF-8 request bytes, built a slice of
 * `value[arrayKey]` at a time with a yield between slices: a 50 MB parent goes to the server
 * without stalling the page, and is encoded a group of slices at a time the same way. (Blob parts
 * were the first shape of this: Chromium spent 90 ms in one task building the Blob of a
 * 10,000-message parent.)
 */
export async function jsonBodyInSlices(wrapper: string, value: Record<string, unknown>, arrayKey: string): Promise<Uint8Array<ArrayBuffer>> {
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
  return utf8InSlices(parts);
}
