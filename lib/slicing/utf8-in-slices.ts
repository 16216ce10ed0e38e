import { groupsInSlices } from './groups-in-slices';

/** The parts as UTF-8 in one buffer, encoded a group of parts at a time so no single encode holds the thread for long. */
export async function utf8InSlices(parts: readonly string[], groupChars = 1 << 18): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for await (const group of groupsInSlices(parts, groupChars)) chunks.push(encoder.encode(group));
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
