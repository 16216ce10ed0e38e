import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/http-error';
import { anthropicPrefixCounter, RETRY_PAUSES_MS, requestedCounter } from './provider-prefix-counter';

const env = { ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_BASE_URL: 'http://anthropic.test/v1' };
const body = { model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'Hi' }] };

/** Stands in for Anthropic: answers each call with the next status in `statuses`, 200 with 42 tokens after them. */
function standIn(statuses: number[]) {
  const calls: number[] = [];
  const fetchImpl = (async () => {
    const status = statuses[calls.length] ?? 200;
    calls.push(status);
    return status === 200 ? Response.json({ input_tokens: 42 }) : Response.json({ error: { message: `status ${status}` } }, { status });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('anthropicPrefixCounter', () => {
  it('tries a rate-limited or overloaded count again after each pause, then counts', async () => {
    const { calls, fetchImpl } = standIn([429, 529]);
    const paused: number[] = [];
    const count = anthropicPrefixCounter(env, { fetch: fetchImpl, pause: async (ms) => void paused.push(ms) });
    expect(await count(body)).toBe(42);
    expect([calls, paused]).toEqual([[429, 529, 200], RETRY_PAUSES_MS]);
  });

  it('stops the counting when the limit lasts past the retries, and takes a refused body or model as not counted', async () => {
    const limited = standIn([429, 429, 429]);
    const count = anthropicPrefixCounter(env, { fetch: limited.fetchImpl, pause: async () => {} });
    await expect(count(body)).rejects.toThrow('Anthropic answered 429: status 429');
    expect(limited.calls).toHaveLength(3);
    for (const status of [400, 404]) expect(await anthropicPrefixCounter(env, { fetch: standIn([status]).fetchImpl })(body)).toBeNull();
  });

  it('counts for this machine only: another host needs the recording token', () => {
    const from = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
    expect(requestedCounter(undefined, env, from('http://fork-lab.example/api/traffic/timeline'), undefined)).toBeUndefined();
    expect(() => requestedCounter('anthropic', env, from('http://fork-lab.example/api/traffic/timeline'), undefined)).toThrow(HttpError);
    const withToken = { ...env, FORK_LAB_RECORDING_TOKEN: 'secret' };
    expect(requestedCounter('anthropic', withToken, from('http://fork-lab.example/x', { 'x-fork-lab-token': 'secret' }), undefined)).toBeTypeOf('function');
    expect(requestedCounter('anthropic', env, from('http://127.0.0.1:3000/api/traffic/timeline'), undefined)).toBeTypeOf('function');
  });
});
