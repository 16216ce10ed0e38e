import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { HOP_BY_HOP } from './captured-headers';

/** What came back from the upstream, for the capture: the decoded text (up to a cap) and how it ended. */
export interface UpstreamOutcome {
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  truncated: boolean;
  error: string | null;
}

export interface ForwardedResponse {
  /** The upstream's answer, byte for byte, streamed as it arrives. */
  response: Response;
  /** Settles when the upstream's answer has ended (or failed), with what the capture keeps. */
  outcome: Promise<UpstreamOutcome>;
}

/** How much of a response the capture keeps; the client always gets all of it. */
export const CAPTURED_RESPONSE_LIMIT_BYTES = 8 * 1024 * 1024;

function forwardedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) kept[name] = value;
  });
  return kept;
}

function responseHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** A decoder for the capture's copy of an encoded body; the client gets the encoded bytes as sent. */
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
 * Send the request on to `url` as it came (its method, body bytes and headers, the host and
 * hop-by-hop headers aside) and stream the answer back unchanged: status, headers and bytes,
 * errors included. Node's own HTTP client, not `fetch`, so nothing is decompressed or re-encoded
 * on the way; a dropped upstream connection drops the client's stream too.
 */
export function forwardToUpstream(url: URL, incoming: Request, body: Uint8Array, signal: AbortSignal): Promise<ForwardedResponse> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const upstream = send(
      url,
      { method: incoming.method, headers: { ...forwardedHeaders(incoming.headers), 'content-length': String(body.byteLength) }, signal },
      (message) => {
        const captured: Buffer[] = [];
        let capturedBytes = 0;
        let truncated = false;
        const decoder = decoderFor(message.headers['content-encoding'] as string | undefined);
        const keep = (chunk: Buffer) => {
          if (capturedBytes >= CAPTURED_RESPONSE_LIMIT_BYTES) {
            truncated = true;
            return;
          }
          captured.push(chunk);
          capturedBytes += chunk.byteLength;
        };
        decoder?.on('data', keep);
        decoder?.on('error', () => undefined);
        let settle: (outcome: UpstreamOutcome) => void = () => undefined;
        const outcome = new Promise<UpstreamOutcome>((done) => {
          settle = done;
        });
        const headers = responseHeaders(message);
        const finish = (error: string | null) => {
          const text = Buffer.concat(captured).toString('utf8');
          settle({ status: message.statusCode ?? null, headers: Object.fromEntries(headers), body: text, truncated, error });
        };
        let open = true;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            const fail = (error: Error, why: string) => {
              if (open) controller.error(error);
              open = false;
              finish(why);
            };
            message.on('data', (chunk: Buffer) => {
              if (open) controller.enqueue(new Uint8Array(chunk));
              // The client's pace, not the upstream's: a slow reader holds the upstream back instead of filling our memory.
              if (open && (controller.desiredSize ?? 1) <= 0) message.pause();
              if (decoder === null) keep(chunk);
              else decoder.write(chunk);
            });
            message.on('end', () => {
              if (!open) return;
              open = false;
              controller.close();
              if (decoder === null) finish(null);
              else decoder.end(() => finish(null));
            });
            message.on('aborted', () =>
              fail(new Error('The upstream dropped the connection.'), 'The upstream dropped the connection before its answer ended.'),
            );
            message.on('error', (error) => fail(error, `The upstream connection failed: ${error.message}`));
          },
          pull() {
            message.resume();
          },
          cancel() {
            open = false;
            message.destroy();
            finish('The client went away before the answer ended.');
          },
        });
        resolve({ response: new Response(stream, { status: message.statusCode ?? 502, headers }), outcome });
      },
    );
    upstream.on('error', reject);
    upstream.end(Buffer.from(body));
  });
}
