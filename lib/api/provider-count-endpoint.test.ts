import { describe, expect, it } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';

const { providerCountHandler } = await import('./provider-count-endpoint');
const { registerParent } = await import('@/lib/fork-service');

const transcript = {
  profile: { agentId: 'main', name: 'agent', systemInstruction: 'You are a coding agent.', tools: [], model: 'claude-opus-4-1', depth: 0 },
  messages: [
    { id: 'u1', message: { role: 'user' as const, content: 'Fix the bug.' } },
    { id: 'a1', message: { role: 'assistant' as const, content: 'Looking.' } },
  ],
};
const request = { policy: 'kimi-fork', directive: 'Write the test.', params: { description: 'Fork', fork: true } };
const ENV = { ANTHROPIC_API_KEY: 'sk-ant-test-key-123456', ANTHROPIC_MODEL: 'claude-opus-4-6' };

function post(body: unknown): Request {
  return new Request('http://localhost/api/fork/count-tokens', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

/** A stand-in for Anthropic: records what it was sent, answers as told. */
function provider(status: number, answer: unknown) {
  const sent: { url: string; headers: Headers; body: Record<string, unknown> }[] = [];
  const fake = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: new Headers(init.headers), body: JSON.parse(init.body as string) });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { sent, fake };
}

describe('POST /api/fork/count-tokens', () => {
  it("sends the child's request as the Anthropic export writes it, under the configured model, and answers Anthropic's count beside o200k", async () => {
    const { parentKey } = await registerParent(transcript);
    const { sent, fake } = provider(200, { input_tokens: 57 });
    const response = await providerCountHandler(ENV, fake)(post({ parentKey, request, provider: 'anthropic' }));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ status: 'ok', provider: 'anthropic', model: 'claude-opus-4-6', providerTokens: 57 });
    expect(answer.o200kTokens).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://api.anthropic.com/v1/messages/count_tokens');
    expect(sent[0]!.headers.get('x-api-key')).toBe(ENV.ANTHROPIC_API_KEY);
    expect(sent[0]!.headers.get('anthropic-version')).toBe('2023-06-01');
    expect(sent[0]!.body).not.toHaveProperty('max_tokens');
    expect(sent[0]!.body).toMatchObject({ model: 'claude-opus-4-6', system: 'You are a coding agent.' });
  });

  it("passes Anthropic's refusal on as 502 with the key redacted", async () => {
    const { parentKey } = await registerParent(transcript);
    const { fake } = provider(401, { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${ENV.ANTHROPIC_API_KEY}` } });
    const response = await providerCountHandler(ENV, fake)(post({ parentKey, request, provider: 'anthropic' }));
    const body = httpErrorBodySchema.parse(await response.json());
    expect(response.status).toBe(502);
    expect(body.error).toMatchObject({ code: 'provider-error', message: 'Anthropic answered 401: invalid x-api-key [redacted]' });
  });

  it('says no key is configured rather than calling anyone, and refuses a bad body', async () => {
    const { parentKey } = await registerParent(transcript);
    const { sent, fake } = provider(200, { input_tokens: 1 });
    const none = await providerCountHandler({}, fake)(post({ parentKey, request, provider: 'anthropic' }));
    expect(none.status).toBe(409);
    expect(httpErrorBodySchema.parse(await none.json()).error.code).toBe('no-provider-key');
    expect(sent).toHaveLength(0);
    const bad = await providerCountHandler(ENV, fake)(post({ parentKey, request, provider: 'gemini' }));
    expect(bad.status).toBe(400);
    expect(httpErrorBodySchema.parse(await bad.json()).error.issues?.map((issue) => issue.path)).toEqual(['provider']);
  });
});

describe('the Anthropic base URL', () => {
  it('sends the count to ANTHROPIC_BASE_URL when one is set (a gateway, a test server)', async () => {
    const { parentKey } = await registerParent(transcript);
    const { sent, fake } = provider(200, { input_tokens: 3 });
    await providerCountHandler({ ...ENV, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1/' }, fake)(post({ parentKey, request, provider: 'anthropic' }));
    expect(sent[0]!.url).toBe('http://127.0.0.1:9/v1/messages/count_tokens');
  });
});
