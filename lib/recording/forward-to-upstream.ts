import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { HOP_BY_HOP } from './captured-headers';

/** What came back from the upstream, for the capture: the text (up to a cap) and how it ended. */
export interface UpstreamOutcome {
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  truncated: boolean;
  error: string | null;
}

export interface ForwardedResponse {
  /** The upstream's answer, streamed as it arrives. */
  response: Response;
  /** Settles when the upstream's answer has ended (or failed), with what the capture keeps. */
  outcome: Promise<UpstreamOutcome>;
}

/** How much of a response the capture keeps; the client always gets all of it. */
export const CAPTURED_RESPONSE_LIMIT_BYTES = 8 * 1024 * 1024;

/** Headers that are Fork Lab's own business, never the upstream's. */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'accept-encoding', 'x-fork-lab-token']);

/** Statuses whose response has no body (a Response with one throws). */
const NO_BODY = new Set([101, 204, 205, 304]);

function forwardedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name)) kept[name] = value;
  });
  // The body passes through uncompressed: Next.js drops a route's Content-Encoding and compresses
  // again by itself, so an encoded answer would reach the client broken or encoded twice.
  kept['accept-encoding'] = 'identity';
  return kept;
}

function responseHeaders(message: IncomingMessage, decoded: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || (decoded && name === 'content-encoding')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** A decoder for an upstream that compressed its answer anyway; the client and the capture get the decoded text. */
function decoderFor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * Send the request on to `url` as it came (its method, body bytes and headers, the host, the
 * hop-by-hop headers and Fork Lab's token aside; `overrides` set headers of Fork Lab's own) and stream the answer back: status, headers and
 * bytes, errors included. Node's own HTTP client, not `fetch`, so nothing is re-encoded on the way;
 * the client's pace holds the upstream back; a dropped upstream connection drops the client's stream.
 */
export function forwardToUpstream(
  url: URL,
  incoming: Request,
  body: Uint8Array,
  signal: AbortSignal,
  overrides: Record<string, string> = {},
): Promise<ForwardedResponse> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers = { ...forwardedHeaders(incoming.headers), ...overrides, 'content-length': String(body.byteLength) };
    const upstream = send(url, { method: incoming.method, headers, signal }, (message) => {
      try {
        resolve(relay(message));
      } catch (error) {
        message.destroy();
        reject(error);
      }
    });
    upstream.on('error', reject);
    upstream.end(Buffer.from(body));
  });
}

function relay(message: IncomingMessage): ForwardedResponse {
  const decoder = decoderFor(message.headers['content-encoding'] as string | undefined);
  const source: Readable = decoder === null ? message : message.pipe(decoder);
  const headers = responseHeaders(message, decoder !== null);
  if (decoder !== null) headers.delete('content-length');
  const captured: Buffer[] = [];
  let capturedBytes = 0;
  let truncated = false;
  let settle: (outcome: UpstreamOutcome) => void = () => undefined;
  const outcome = new Promise<UpstreamOutcome>((done) => {
    settle = done;
  });
  let settled = false;
  const finish = (error: string | null) => {
    if (settled) return;
    settled = true;
    settle({ status: message.statusCode ?? null, headers: Object.fromEntries(headers), body: Buffer.concat(captured).toString('utf8'), truncated, error });
  };
  const status = message.statusCode ?? 502;
  if (NO_BODY.has(status)) {
    message.resume();
    message.on('end', () => finish(null));
    return { response: new Response(null, { status, headers }), outcome };
  }
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: Error, why: string) => {
        if (open) controller.error(error);
        open = false;
        finish(why);
      };
      source.on('data', (chunk: Buffer) => {
        if (open) controller.enqueue(new Uint8Array(chunk));
        // The client's pace, not the upstream's: a slow reader holds the upstream back instead of filling our memory.
        if (open && (controller.desiredSize ?? 1) <= 0) source.pause();
        if (capturedBytes >= CAPTURED_RESPONSE_LIMIT_BYTES) truncated = true;
        else {
          captured.push(chunk);
          capturedBytes += chunk.byteLength;
        }
      });
      source.on('end', () => {
        if (!open) return;
        open = false;
        controller.close();
        finish(null);
      });
      message.on('aborted', () => fail(new Error('The upstream dropped the connection.'), 'The upstream dropped the connection before its answer ended.'));
      message.on('error', (error) => fail(error, `The upstream connection failed: ${error.message}`));
      decoder?.on('error', (error) => fail(error, `The upstream's ${message.headers['content-encoding']} answer could not be decoded: ${error.message}`));
    },
    pull() {
      source.resume();
    },
    cancel() {
      open = false;
      message.destroy();
      finish('The client went away before the answer ended.');
    },
  });
  return { response: new Response(stream, { status, headers }), outcome };
}
