import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { capturedForkHandler, capturesClearHandler, capturesListHandler } from '@/lib/api/captures-endpoint';
import { countTokensHandler } from '@/lib/api/count-tokens-endpoint';
import { modelListHandler, onlyPost } from '@/lib/api/model-list-endpoint';
import { recordingHandler } from '@/lib/api/recording-endpoint';
import { withoutCaptureSession } from '@/lib/recording/capture-session';
import { CaptureStore } from '@/lib/recording/capture-store';

/** A recording endpoint of its own: a fresh capture store, the offline model answering, a free port; capture sessions as the app takes them. */
export interface RecordingServer {
  /** `http://127.0.0.1:<port>`: a runtime's base URL is this plus `/v1` (Anthropic's, this alone). */
  origin: string;
  store: CaptureStore;
  close(): Promise<void>;
}

type Handler = (request: Request) => Promise<Response>;

/**
 * The app's model routes and captures listing, served by the same handlers the Next.js routes
 * export, with no upstream: whatever the environment says, a verify run never leaves the machine,
 * and each run reads only the traffic it caused.
 */
export async function startRecordingServer(dataDir: string): Promise<RecordingServer> {
  const store = new CaptureStore(path.join(dataDir, 'captures.sqlite'));
  const offline = {};
  const deps = { env: offline, store: () => store };
  const routes: Record<string, Partial<Record<string, Handler>>> = {
    '/v1/chat/completions': { POST: recordingHandler('openai-chat', deps), GET: onlyPost('openai-chat') },
    '/v1/responses': { POST: recordingHandler('openai-responses', deps), GET: onlyPost('openai-responses') },
    '/v1/messages': { POST: recordingHandler('anthropic-messages', deps), GET: onlyPost('anthropic-messages') },
    '/v1/messages/count_tokens': { POST: countTokensHandler({ env: offline }) },
    '/v1/models': { GET: modelListHandler({ env: offline }) },
    '/api/captures': { GET: capturesListHandler(() => store, offline), DELETE: capturesClearHandler(() => store, offline) },
  };
  const openFork = capturedForkHandler(() => store, offline);
  const server = createServer((incoming, outgoing) => {
    void serve(routes, openFork, incoming, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    store,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          store.close();
          resolve();
        });
      }),
  };
}

/** The route a path names: a capture session's prefix serves the model routes, as the app's `app/capture/[session]/v1` does. */
function routedPath(pathname: string): string {
  const routed = withoutCaptureSession(pathname).replace(/\/+$/, '');
  return routed !== pathname.replace(/\/+$/, '') && !routed.startsWith('/v1/') ? '' : routed;
}

async function serve(
  routes: Record<string, Partial<Record<string, Handler>>>,
  openFork: (request: Request, id: string) => Promise<Response>,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  try {
    const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`);
    const forkOf = /^\/api\/captures\/([^/]+)\/fork$/.exec(url.pathname);
    const handler: Handler | undefined =
      forkOf !== null && incoming.method === 'GET' ? (request) => openFork(request, forkOf[1]!) : routes[routedPath(url.pathname)]?.[incoming.method ?? 'GET'];
    if (handler === undefined) {
      outgoing
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `Fork Lab serves no ${incoming.method} ${url.pathname}` } }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const request = new Request(url, {
      method: incoming.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handler(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body === null) {
      outgoing.end();
      return;
    }
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) outgoing.write(chunk);
    outgoing.end();
  } catch (error) {
    if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error) } }));
  }
}
