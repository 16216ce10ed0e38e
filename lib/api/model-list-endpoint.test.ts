import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelListHandler, OFFLINE_MODEL_ID, onlyPost } from './model-list-endpoint';

let server: Server;
let base = '';
const seen: { url: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"object":"list","data":[{"id":"gpt-5","object":"model"}]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (headers: Record<string, string> = {}) => new Request('http://127.0.0.1:3000/v1/models', { headers });

describe('GET /v1/models', () => {
  it("lists the offline model in OpenAI's shape, and in Anthropic's when the request is Anthropic's", async () => {
    expect(await (await modelListHandler({ env: {} })(get())).json()).toEqual({
      object: 'list',
      data: [{ id: OFFLINE_MODEL_ID, object: 'model', created: 0, owned_by: 'fork-lab' }],
    });
    const anthropic = await (await modelListHandler({ env: {} })(get({ 'anthropic-version': '2023-06-01' }))).json();
    expect(anthropic).toMatchObject({ data: [{ type: 'model', id: OFFLINE_MODEL_ID }], has_more: false });
  });

  it("asks the upstream with the runtime's key when one is set, and hands back its list", async () => {
    const response = await modelListHandler({ env: { FORK_LAB_UPSTREAM_OPENAI: base } })(get({ authorization: 'Bearer sk-x' }));
    expect(await response.json()).toEqual({ object: 'list', data: [{ id: 'gpt-5', object: 'model' }] });
    expect(seen.at(-1)).toEqual({ url: '/v1/models', authorization: 'Bearer sk-x' });
  });

  it('answers only this machine, in the provider shape', async () => {
    const elsewhere = new Request('http://10.0.0.2:3000/v1/models', { headers: { host: '10.0.0.2:3000' } });
    const refused = await modelListHandler({ env: {} })(elsewhere);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { type: 'permission_error' } });
  });
});

describe('a model route asked with GET', () => {
  it("is refused with 405 and allow: POST, in each provider's shape", async () => {
    const openai = await onlyPost('openai-chat')();
    expect(openai.status).toBe(405);
    expect(openai.headers.get('allow')).toBe('POST');
    expect(await openai.json()).toMatchObject({ error: { type: 'invalid_request_error', message: 'This endpoint takes POST only.' } });
    expect(await (await onlyPost('anthropic-messages')()).json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });
});
