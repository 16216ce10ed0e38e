import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokensHandler } from './count-tokens-endpoint';

let server: Server;
let base = '';
const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_1' });
      response.end('{"input_tokens":4242}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const BODY = JSON.stringify({ model: 'claude-sonnet-4-5', system: 'You are terse.', messages: [{ role: 'user', content: 'Count me.' }] });
const post = (body = BODY) =>
  new Request('http://127.0.0.1:3000/v1/messages/count_tokens?beta=true', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-x' },
    body,
  });

describe('POST /v1/messages/count_tokens', () => {
  it("sends the count on to the Anthropic upstream, with the runtime's key, and hands back its answer", async () => {
    const response = await countTokensHandler({ env: { FORK_LAB_UPSTREAM_ANTHROPIC: base } })(post());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ input_tokens: 4242 });
    expect(response.headers.get('request-id')).toBe('req_1');
    expect(received.at(-1)).toMatchObject({ url: '/v1/messages/count_tokens?beta=true', body: BODY });
    expect(received.at(-1)!.headers['x-api-key']).toBe('sk-ant-x');
  });

  it('counts offline with o200k when no upstream is set: the system prompt and the messages', async () => {
    const response = await countTokensHandler({ env: {} })(post());
    const { input_tokens } = (await response.json()) as { input_tokens: number };
    // "You are terse." is 4 o200k tokens and "Count me." 3; a message's role adds none in Fork Lab's count.
    expect(input_tokens).toBe(7);
  });

  it("refuses what the Messages endpoint refuses, in Anthropic's shape", async () => {
    const unreadable = await countTokensHandler({ env: {} })(post('{"messages": 3}'));
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const elsewhere = new Request('http://192.168.1.9:3000/v1/messages/count_tokens', { method: 'POST', headers: { host: '192.168.1.9:3000' }, body: BODY });
    expect((await countTokensHandler({ env: {} })(elsewhere)).status).toBe(403);
  });
});
