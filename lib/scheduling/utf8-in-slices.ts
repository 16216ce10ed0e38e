import { yieldToEventLoop } from './yield-to-event-loop';

/** The parts as UTF-8 in one buffer, encoded a group of parts at a time so no single encode holds the thread for long. */
export async function utf8InSlices(parts: readonly string[], groupChars = 1 << 18): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let group: string[] = [];
  let groupLength = 0;
  const flush = async () => {
    if (group.length === 0) return;
    chunks.push(encoder.encode(group.join('')));
    group = [];
    groupLength = 0;
    await yieldToEventLoop();
  };
  for (const part of parts) {
    group.push(part);
    groupLength += part.length;
    if (groupLength >= groupChars) await flush();
  }
  await flush();
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
