import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureStore } from '@/lib/recording/capture-store';
import { RECORDED_REQUEST_LIMIT_BYTES, recordingHandler } from './recording-endpoint';

/** What the stand-in upstream received, and how it answers the next request. */
interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let answer: (response: ServerResponse) => void = () => undefined;
const received: Received[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function setup(env: Record<string, string> = {}) {
  const store = new CaptureStore(':memory:');
  const env2 = { FORK_LAB_UPSTREAM_OPENAI: base, FORK_LAB_UPSTREAM_ANTHROPIC: base, ...env };
  return {
    store,
    chat: recordingHandler('openai-chat', { env: env2, store: () => store }),
    messages: recordingHandler('anthropic-messages', { env: env2, store: () => store }),
  };
}

const BODY = '{"model":"gpt-5","prompt_cache_key":"session-7","messages":[{"role":"user","content":"héllo"}],"stream":true}';
const SENT_HEADERS = {
  'content-type': 'application/json',
  authorization: 'Bearer sk-test-secret-123456',
  'x-stainless-lang': 'js',
  'user-agent': 'runtime/1.0',
};

function post(body: string, headers: Record<string, string> = SENT_HEADERS, host = '127.0.0.1:3000', path = '/v1/chat/completions'): Request {
  return new Request(`http://${host}${path}`, { method: 'POST', headers, body });
}

async function settled(store: CaptureStore, id = store.list(1)[0]!.id) {
  for (let attempt = 0; attempt < 100 && store.get(id)!.endedAt === null; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return store.get(id)!;
}

describe('the recording endpoint is transparent', () => {
  it('sends the upstream the same bytes and headers, the host aside, and keeps a capture without the key', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1' });
      response.end('{"id":"c1","choices":[]}');
    };
    const { store, chat } = setup();
    // Next.js adds these to every request it hands a route; the runtime did not send them.
    const response = await chat(post(BODY, { ...SENT_HEADERS, 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(await response.text()).toBe('{"id":"c1","choices":[]}');
    const upstream = received.at(-1)!;
    expect(upstream.url).toBe('/v1/chat/completions');
    expect(upstream.body.equals(Buffer.from(BODY))).toBe(true);
    for (const [name, value] of Object.entries(SENT_HEADERS)) expect(upstream.headers[name]).toBe(value);
    expect(upstream.headers.host).toBe(new URL(base).host);
    expect(Object.keys(upstream.headers).filter((name) => name.startsWith('x-forwarded'))).toEqual([]);

    const capture = await settled(store);
    expect(capture).toMatchObject({
      api: 'openai-chat',
      sessionKey: 'prompt_cache_key:session-7',
      requestBody: BODY,
      status: 200,
      responseBody: '{"id":"c1","choices":[]}',
      error: null,
    });
    expect(JSON.stringify(capture)).not.toContain('sk-test-secret');
    expect(JSON.stringify(capture)).not.toContain(new URL(base).host);
    expect(capture.requestHeaders['x-stainless-lang']).toBe('js');
  });

  it('streams the answer as it arrives, byte for byte', async () => {
    const events = ['data: {"delta":"a"}\n\n', 'data: {"delta":"b"}\n\n', 'data: [DONE]\n\n'];
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let next = 0;
      const timer = setInterval(() => {
        response.write(events[next]!);
        next += 1;
        if (next === events.length) {
          clearInterval(timer);
          response.end();
        }
      }, 20);
    };
    const { store, chat } = setup();
    const response = await chat(post(BODY));
    const reader = response.body!.getReader();
    const parts: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(new TextDecoder().decode(value));
    }
    expect(parts.join('')).toBe(events.join(''));
    expect(parts.length).toBeGreaterThan(1);
    expect((await settled(store)).responseBody).toBe(events.join(''));
  });

  it('passes errors on as the upstream sent them: 429 with retry-after, and 500', async () => {
    const { chat } = setup();
    answer = (response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      response.end('{"error":{"message":"Rate limit reached","type":"requests"}}');
    };
    const limited = await chat(post(BODY));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.text()).toBe('{"error":{"message":"Rate limit reached","type":"requests"}}');
    answer = (response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('upstream broke');
    };
    const broken = await chat(post(BODY));
    expect(broken.status).toBe(500);
    expect(await broken.text()).toBe('upstream broke');
  });

  it('drops the client stream when the upstream drops the connection, and says so in the capture', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"delta":"a"}\n\n');
      setTimeout(() => response.socket?.destroy(), 20);
    };
    const { store, chat } = setup();
    const response = await chat(post(BODY));
    await expect(response.text()).rejects.toThrow();
    expect((await settled(store)).error).toBe('The upstream dropped the connection before its answer ended.');
  });

  it('asks the upstream for an uncompressed answer, and decodes one that comes compressed anyway', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(gzipSync('{"ok":true}'));
    };
    const { store, chat } = setup();
    // Next.js drops a route's Content-Encoding and compresses by itself: the client gets plain bytes.
    const response = await chat(post(BODY, { ...SENT_HEADERS, 'accept-encoding': 'gzip, br' }));
    expect(received.at(-1)!.headers['accept-encoding']).toBe('identity');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('{"ok":true}');
    expect((await settled(store)).responseBody).toBe('{"ok":true}');
  });

  it('ends a capture whose compressed answer cannot be decoded, saying so', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end('not gzip at all');
    };
    const { store, chat } = setup();
    const response = await chat(post(BODY));
    await expect(response.text()).rejects.toThrow();
    expect((await settled(store)).error).toMatch(/^The upstream's gzip answer could not be decoded/);
  });

  it('keeps its own token and the upstream cookies to itself, and passes the query on', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': '__cf_bm=abc; path=/', 'x-request-id': 'r2' });
      response.end('{}');
    };
    const { store, messages } = setup({ FORK_LAB_RECORDING_TOKEN: 'tok-secret' });
    const response = await messages(
      post(BODY, { ...SENT_HEADERS, 'x-fork-lab-token': 'tok-secret', 'helicone-auth': 'Bearer sk-helicone-xyz' }, '127.0.0.1:3000', '/v1/messages?beta=true'),
    );
    expect(response.status).toBe(200);
    const upstream = received.at(-1)!;
    expect(upstream.url).toBe('/v1/messages?beta=true');
    expect(upstream.headers['x-fork-lab-token']).toBeUndefined();
    const capture = await settled(store);
    expect(JSON.stringify(capture)).not.toMatch(/__cf_bm|sk-helicone|tok-secret/);
    expect(capture.responseHeaders?.['x-request-id']).toBe('r2');
  });

  it('answers a bodiless upstream status without a body, and ends the capture', async () => {
    answer = (response) => {
      response.writeHead(204);
      response.end();
    };
    const { store, chat } = setup();
    const response = await chat(post(BODY));
    expect(response.status).toBe(204);
    expect((await settled(store)).status).toBe(204);
  });
});

describe("the recording endpoint's own refusals, in the provider's shape", () => {
  it('refuses a body over the cap, as OpenAI and as Anthropic shape errors', async () => {
    const { chat, messages, store } = setup();
    const big = 'x'.repeat(RECORDED_REQUEST_LIMIT_BYTES + 1);
    const openai = await chat(post(big));
    expect(openai.status).toBe(413);
    expect(await openai.json()).toMatchObject({ error: { type: 'request_too_large', code: 'request_too_large' } });
    const anthropic = await messages(post(big, SENT_HEADERS, '127.0.0.1:3000', '/v1/messages'));
    expect(await anthropic.json()).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
    expect(store.list()).toEqual([]);
  });

  it("answers only on the loopback name, never to another site's page, unless the token is sent", async () => {
    const { chat } = setup({ FORK_LAB_RECORDING_TOKEN: 't0ken' });
    answer = (response) => response.end('{}');
    expect((await chat(post(BODY, SENT_HEADERS, 'evil.example:3000'))).status).toBe(403);
    expect((await chat(post(BODY, { ...SENT_HEADERS, 'x-fork-lab-token': 'wrong' }, 'fork-lab.lan:3000'))).status).toBe(403);
    expect((await chat(post(BODY, { ...SENT_HEADERS, 'x-fork-lab-token': 't0ken' }, 'fork-lab.lan:3000'))).status).toBe(200);
    // A page on another site posting from the browser says where it comes from.
    expect((await chat(post(BODY, { ...SENT_HEADERS, 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
    expect((await chat(post(BODY, { ...SENT_HEADERS, origin: 'https://evil.example' }))).status).toBe(403);
    expect((await chat(post(BODY, { ...SENT_HEADERS, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }))).status).toBe(200);
  });

  it('answers 502 in the provider shape when the upstream cannot be reached, without naming it', async () => {
    const store = new CaptureStore(':memory:');
    const chat = recordingHandler('openai-chat', { env: { FORK_LAB_UPSTREAM_OPENAI: 'http://127.0.0.1:9/v1' }, store: () => store });
    const response = await chat(post(BODY));
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toBe('The upstream could not be reached (ECONNREFUSED).');
    expect(JSON.stringify(store.list())).not.toContain('127.0.0.1:9');
  });
});

describe('the capture store', () => {
  it('lists the newest captures within a byte budget, always at least one', () => {
    const store = new CaptureStore(':memory:');
    for (const size of [10, 20, 30]) store.begin({ api: 'openai-chat', sessionKey: null, requestBody: 'x'.repeat(size), requestHeaders: {} });
    expect(store.list(100, 55).map((capture) => capture.id)).toEqual([3, 2]);
    expect(store.list(100, 1).map((capture) => capture.id)).toEqual([3]);
    expect(store.list(2).map((capture) => capture.id)).toEqual([3, 2]);
  });
});

describe('asking Anthropic for its cache diagnostics (FORK_LAB_CACHE_DIAGNOSTICS=1)', () => {
  const messages = (text: string, model = 'claude-sonnet-4-5') =>
    JSON.stringify({ model, metadata: { user_id: 'session-9' }, max_tokens: 16, messages: [{ role: 'user', content: text }] });
  const answered = (id: string) => (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ type: 'message', id, content: [], usage: { input_tokens: 3, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } }));
  };
  const sentBody = () => JSON.parse(received.at(-1)!.body.toString('utf8')) as { diagnostics?: unknown };

  it('names the session’s previous answer of the same model, and keeps the body as sent upstream', async () => {
    const { store, messages: handler } = setup({ FORK_LAB_CACHE_DIAGNOSTICS: '1' });
    const send = async (body: string, id: string) => {
      answer = answered(id);
      await (await handler(post(body, SENT_HEADERS, '127.0.0.1:3000', '/v1/messages'))).text();
      return settled(store);
    };
    await send(messages('First.'), 'msg_1');
    expect(sentBody().diagnostics).toEqual({ previous_message_id: null });
    // A side call on another model is not what the next main request is compared with.
    await send(messages('Is this a new topic?', 'claude-haiku-4-5'), 'msg_side');
    const third = await send(messages('Second.'), 'msg_2');
    expect(sentBody().diagnostics).toEqual({ previous_message_id: 'msg_1' });
    // The beta goes with it, and nothing of Fork Lab's reaches a request it does not amend.
    expect(received.at(-1)!.headers['anthropic-beta']).toBe('cache-diagnosis-2026-04-07');
    expect(JSON.parse(third.requestBody).diagnostics).toEqual({ previous_message_id: 'msg_1' });
  });

  it('leaves the body as it came when off, when the runtime asked itself, and for OpenAI', async () => {
    answer = answered('msg_3');
    const off = setup();
    await (await off.messages(post(messages('Hi.'), SENT_HEADERS, '127.0.0.1:3000', '/v1/messages'))).text();
    expect(received.at(-1)!.body.equals(Buffer.from(messages('Hi.')))).toBe(true);
    expect(received.at(-1)!.headers['anthropic-beta']).toBeUndefined();
    const on = setup({ FORK_LAB_CACHE_DIAGNOSTICS: '1' });
    const own = JSON.stringify({ ...JSON.parse(messages('Hi.')), diagnostics: { previous_message_id: 'msg_0' } });
    await (await on.messages(post(own, SENT_HEADERS, '127.0.0.1:3000', '/v1/messages'))).text();
    expect(received.at(-1)!.body.equals(Buffer.from(own))).toBe(true);
    answer = (response) => response.end('{"id":"c1","choices":[]}');
    await (await on.chat(post(BODY))).text();
    expect(received.at(-1)!.body.equals(Buffer.from(BODY))).toBe(true);
  });
});
