import { formatBytes } from '@/lib/http/format-bytes';
import { HttpError } from './http-error';

/** What most bodies over their limit hold too much of: a transcript. */
export const SMALLER_TRANSCRIPT = 'Send a smaller transcript (cut it with a fork point, or import it and plan in the app).';

/** A request body over the endpoint's documented limit: 413, naming the limit and what to send instead. */
export function bodyTooLarge(limitBytes: number, advice: string = SMALLER_TRANSCRIPT): HttpError {
  return new HttpError(413, 'too-large', `Request body is larger than the ${formatBytes(limitBytes)} limit. ${advice}`, { limitBytes });
}

/**
 * How much of a refused body is read and thrown away before the refusal is answered. A server that
 * answers while the client is still sending, and then closes the connection with unread bytes in
 * it, makes the kernel reset the connection: Node's `fetch` then fails with ECONNRESET and never
 * shows the 413 (curl, which reads an early answer, does). Reading the rest first, keeping none of
 * it, lets every client see the answer. Past this bound (twice the largest limit, the import's) the
 * client is not making a mistake, and reading stops.
 */
export const DISCARD_LIMIT_BYTES = 128 * 1024 * 1024;

/** Read what is left of a body and keep none of it, up to {@link DISCARD_LIMIT_BYTES} in all. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let size = alreadyRead;
  for (;;) {
    if (size > DISCARD_LIMIT_BYTES) {
      await reader.cancel();
      return;
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
  }
  reader.releaseLock();
}

/**
 * Read a request body's bytes, refusing anything over `limitBytes` before it is all in memory: a
 * declared Content-Length over the limit is refused without keeping any of it, and a body without
 * one is kept only until it crosses the limit. Either way the rest is read and dropped before the
 * refusal is thrown (see {@link DISCARD_LIMIT_BYTES}).
 */
export async function readBodyBytes(request: Request, limitBytes: number, tooLarge: () => Error = () => bodyTooLarge(limitBytes)): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  const reader = request.body?.getReader();
  if (Number.isFinite(declared) && declared > limitBytes) {
    if (reader !== undefined) await discardRest(reader, declared > DISCARD_LIMIT_BYTES ? declared : 0);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader !== undefined) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        chunks.length = 0;
        await discardRest(reader, size);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Read a JSON request body, the one way every JSON endpoint does: another content type is refused
 * with 415 before reading, a body over `limitBytes` with 413 before it is all in memory (`advice`
 * says what to send instead), and a body
 * that is empty or not JSON with 400 `invalid-json`.
 */
export async function readJsonBody(request: Request, limitBytes: number, advice?: string): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (type !== null && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported-media-type', `Content-Type must be application/json (got ${type}).`);
  }
  const bytes = await readBodyBytes(request, limitBytes, () => bodyTooLarge(limitBytes, advice));
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.trim() === '') throw new HttpError(400, 'invalid-json', 'Request body is empty: send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, 'invalid-json', `Request body is not valid JSON: ${(error as Error).message}.`);
  }
}
