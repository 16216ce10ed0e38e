import { describe, expect, it } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';

const { answerFamilyCacheRequest } = await import('./cache-family-endpoint');
const { registerParent } = await import('@/lib/fork-service');

// Long enough that every provider's minimum is met: 7,000 words of shared history (over the 4,096 tokens of the default Anthropic model).
const history = Array.from({ length: 700 }, (_, index) => `line ${index} of the build log says everything is fine`).join('\n');
const transcript = {
  profile: { agentId: 'main', name: 'agent', systemInstruction: 'You are a coding agent.', tools: [], model: 'claude-opus-4-1', depth: 0 },
  messages: [
    { id: 'u1', message: { role: 'user' as const, content: history } },
    { id: 'a1', message: { role: 'assistant' as const, content: 'Read it.' } },
    { id: 'u2', message: { role: 'user' as const, content: 'Split the work.' } },
  ],
};
const fork = (directive: string) => ({ policy: 'kimi-fork', directive, params: { description: 'Fork', fork: true } });

function post(body: unknown): Request {
  return new Request('http://localhost/api/fork/cache-family', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

describe('POST /api/fork/cache-family', () => {
  it("sends the forks in order: a later sibling reads the earlier one's inherited prefix, and the family has one cost", async () => {
    const { parentKey } = await registerParent(transcript);
    const response = await answerFamilyCacheRequest(post({ parentKey, requests: [fork('Check the tests.'), fork('Check the docs.')], gapSeconds: 10 }));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.members).toEqual([{ atSeconds: 0 }, { atSeconds: 10 }]);
    const anthropic = answer.cache.forecasts.find((forecast: { provider: string }) => forecast.provider === 'anthropic');
    const [first, second] = anthropic.children;
    // The first child reads what the parent wrote; the second also reads the first child's notice.
    expect(first.prediction.cachedTokens).toBeGreaterThan(0);
    expect(second.prediction.cachedTokens).toBeGreaterThan(first.prediction.cachedTokens);
    expect(second.atMs).toBe(10_000);
    expect(anthropic.familyCost.dollars).toBeCloseTo(first.cost.dollars + second.cost.dollars, 12);
  });

  it('marks a sibling sent after the prefix expired', async () => {
    const { parentKey } = await registerParent(transcript);
    const response = await answerFamilyCacheRequest(post({ parentKey, requests: [fork('a'), fork('b')], gapSeconds: 600 }));
    const anthropic = (await response.json()).cache.forecasts.find((forecast: { provider: string }) => forecast.provider === 'anthropic');
    expect(anthropic.children.map((child: { missedByTtl: boolean }) => child.missedByTtl)).toEqual([false, true]);
  });

  it('leaves out a fork the runtime refuses, saying why', async () => {
    const { parentKey } = await registerParent(transcript);
    const refused = { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '0' } };
    const answer = await (
      await answerFamilyCacheRequest(post({ parentKey, requests: [refused, fork('b')], gapSeconds: 0, providerRules: PROVIDER_RULES }))
    ).json();
    expect(answer.members).toEqual([{ atSeconds: 0, skipped: 'the runtime refuses it' }, { atSeconds: 0 }]);
    expect(answer.cache.forecasts[0].children).toHaveLength(1);
  });

  it('refuses a bad body in the one error shape, naming each field', async () => {
    const response = await answerFamilyCacheRequest(post({ parentKey: 'x', requests: [], gapSeconds: -1 }));
    const body = httpErrorBodySchema.parse(await response.json());
    expect(response.status).toBe(400);
    expect(body.error.issues?.map((issue) => issue.path)).toEqual(['parentKey', 'requests', 'gapSeconds']);
  });
});
