import { jsonSlices } from '@/lib/scheduling/json-slices';

/**
 * `JSON.stringify({ [wrapper]: value })` as UTF-8 request bytes, built a slice of
 * `value[arrayKey]` at a time with a yield between slices: a 50 MB parent goes to the server
 * without stalling the page. Each slice is encoded as it is made; the bytes are joined at the end
 * with one copy. (Blob parts were the first shape of this: Chromium spent 90 ms in one task
 * building the Blob of a 10,000-message parent.)
 */
export async function jsonBodyInSlices(wrapper: string, value: Record<string, unknown>, arrayKey: string): Promise<Uint8Array<ArrayBuffer>> {
  const items = value[arrayKey];
  if (!Array.isArray(items)) throw new TypeError(`${arrayKey} must be an array`);
  const { [arrayKey]: _, ...rest } = value;
  const head = JSON.stringify({ [wrapper]: { ...rest, [arrayKey]: [] } });
  const encoder = new TextEncoder();
  // `…"<arrayKey>":[]}}`: the body is the head up to its array's `[`, the slices, and `]}}`.
  const parts: Uint8Array[] = [encoder.encode(head.slice(0, -3))];
  let first = true;
  for await (const slice of jsonSlices(items)) {
    parts.push(encoder.encode(first ? slice.slice(1, -1) : `,${slice.slice(1, -1)}`));
    first = false;
  }
  parts.push(encoder.encode(']}}'));
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return body;
}
