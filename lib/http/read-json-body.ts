import { formatBytes } from '@/lib/view/format-bytes';
import { HttpError } from './http-error';

/** A request body over the endpoint's documented limit: 413, naming the limit. */
export function bodyTooLarge(limitBytes: number): HttpError {
  return new HttpError(
    413,
    'too-large',
    `Request body is larger than the ${formatBytes(limitBytes)} limit. Send a smaller transcript (cut it with a fork point, or import it and plan in the app).`,
    { limitBytes },
  );
}

/**
 * Read a request body's bytes, refusing anything over `limitBytes` before it is all in memory: a
 * declared Content-Length over the limit is refused without reading, and a body without one is read
 * only until it crosses the limit.
 */
export async function readBodyBytes(request: Request, limitBytes: number, tooLarge: () => Error = () => bodyTooLarge(limitBytes)): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body !== null) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Read a JSON request body, the one way every JSON endpoint does: another content type is refused
 * with 415 before reading, a body over `limitBytes` with 413 before it is all in memory, and a body
 * that is empty or not JSON with 400 `invalid-json`.
 */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (type !== null && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported-media-type', `Content-Type must be application/json (got ${type}).`);
  }
  const bytes = await readBodyBytes(request, limitBytes);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.trim() === '') throw new HttpError(400, 'invalid-json', 'Request body is empty: send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, 'invalid-json', `Request body is not valid JSON: ${(error as Error).message}.`);
  }
}
