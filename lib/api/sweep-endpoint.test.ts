import { describe, expect, it } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';
import { canaryParent } from '@/lib/sweep/testing/canary-parent';
import type { SweepStreamEvent } from './sweep-endpoint';

const { answerSweepRequest } = await import('./sweep-endpoint');
const { registerParent } = await import('@/lib/fork-service');

const canary = canaryParent();

function post(body: unknown): Request {
  return new Request('http://localhost/api/sweep', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

async function events(response: Response): Promise<SweepStreamEvent[]> {
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  return (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SweepStreamEvent);
}

async function refusal(response: Response) {
  const parsed = httpErrorBodySchema.parse(await response.json());
  return { status: response.status, code: parsed.error.code, issues: (parsed.error.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`) };
}

describe('POST /api/sweep', () => {
  it('streams progress and each window’s checked result, then the smallest window whose child knows the canary', async () => {
    const { parentKey } = await registerParent(canary);
    const body = {
      parentKey,
      directive: 'What is the deploy password?',
      variants: { kind: 'windows', runtime: 'qwen-fork-turns', windows: ['1', '2', '3', '4', 'all'] },
      checks: ['contains:heron-7731'],
    };
    const stream = await events(await answerSweepRequest(post(body)));
    expect(
      stream.filter((event) => event.type === 'progress').map((event) => (event.type === 'progress' ? `${event.done}/${event.total} ${event.next}` : '')),
    ).toEqual(['0/5 1', '1/5 2', '2/5 3', '3/5 4', '4/5 all', '5/5 ']);
    const variants = stream.flatMap((event) =>
      event.type === 'variant' ? [`${event.result.label} ${event.result.status} ${event.result.initialMessages}`] : [],
    );
    expect(variants).toEqual(['1 failed 6', '2 failed 8', '3 failed 10', '4 passed 12', 'all passed 12']);
    const last = stream.at(-1)!;
    expect(last.type === 'result' && last.result.smallestPassing).toBe('4');
  }, 30_000);

  it('sweeps every runtime at its defaults', async () => {
    const { parentKey } = await registerParent(canary);
    const stream = await events(
      await answerSweepRequest(post({ parentKey, directive: 'What is the deploy password?', variants: { kind: 'every-runtime' }, checks: ['contains:heron'] })),
    );
    const last = stream.at(-1)!;
    expect(last.type === 'result' && last.result.variants.map((variant) => variant.label)).toEqual([
      'qwen-fork-turns',
      'kimi-fork',
      'deepseek-completed-turns',
      'codex-spawn-agent',
      'claude-code-fork',
      'deep-agents-fork',
    ]);
  }, 30_000);

  it('refuses before streaming anything a person can get wrong, saying what is allowed', async () => {
    const { parentKey } = await registerParent(canary);
    const base = { parentKey, directive: 'x', variants: { kind: 'windows', runtime: 'qwen-fork-turns', windows: ['1'] }, checks: ['contains:a'] };
    expect(await refusal(await answerSweepRequest(post({ ...base, checks: ['contains:a', 'equals:b'] })))).toEqual({
      status: 400,
      code: 'invalid-request',
      issues: ['checks[1]: "equals" is not a check; one of contains, not-contains, regex, json-path, max-output-tokens'],
    });
    expect(await refusal(await answerSweepRequest(post({ ...base, variants: { kind: 'windows', runtime: 'kimi-fork', windows: ['1'] } })))).toEqual({
      status: 400,
      code: 'invalid-request',
      issues: ['variants.runtime: kimi-fork has no window to sweep: it always inherits the same history'],
    });
    expect(await refusal(await answerSweepRequest(post({ ...base, modelId: 'openai:gpt-9' })))).toEqual({
      status: 400,
      code: 'invalid-request',
      issues: ['modelId: one of offline'],
    });
    const unknown = await refusal(
      await answerSweepRequest(post({ ...base, variants: { kind: 'windows', runtime: 'codexx', windows: Array.from({ length: 17 }, () => '1') } })),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.issues.join('\n')).toContain('not a runtime: "codexx"; one of qwen-fork-turns (or qwen-code, qwen), kimi-fork (or kimi-code, kimi)');
    expect(
      await refusal(await answerSweepRequest(post({ ...base, variants: { kind: 'windows', runtime: 'qwen-fork-turns', windows: ['', '1', '1'] } }))),
    ).toEqual({
      status: 400,
      code: 'invalid-request',
      issues: ['variants.windows[0]: a window value, not an empty one', 'variants.windows: each window once: a sweep names its forks by window'],
    });
    expect(await refusal(await answerSweepRequest(post({ ...base, checks: ['json-path:$["\\q"]=1'] })))).toMatchObject({
      status: 400,
      issues: [expect.stringMatching(/^checks\[0\]: cannot read the key/)],
    });
    expect(await refusal(await answerSweepRequest(post({ ...base, directive: '   ' })))).toMatchObject({
      status: 400,
      issues: ['directive: what every child is asked to do'],
    });
    expect(await refusal(await answerSweepRequest(post({ ...base, parentKey: 'f'.repeat(64) })))).toMatchObject({ status: 409, code: 'unknown-parent' });
  });
});
