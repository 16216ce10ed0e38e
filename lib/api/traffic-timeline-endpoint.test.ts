import { describe, expect, it } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';

const { answerTrafficTimelineRequest, trafficTimelineHandler, TRAFFIC_BODY_LIMIT_BYTES } = await import('./traffic-timeline-endpoint');

const ephemeral = { type: 'ephemeral' };
const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const url = 'https://api.anthropic.com/v1/messages';

/** A claude-trace line of a Claude Code-like request, answered with the usage given. */
function traceLine(seconds: number, turns: string[], usage: Record<string, number>): string {
  const messages = turns.map((text, at) => ({
    role: at % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text, ...(at === turns.length - 1 ? { cache_control: ephemeral } : {}) }],
  }));
  const body = { model: 'claude-sonnet-4-20250514', system: [{ type: 'text', text: SYSTEM, cache_control: ephemeral }], messages };
  return JSON.stringify({
    request: { timestamp: 1_748_554_700 + seconds, method: 'POST', url, headers: {}, body },
    response: { status_code: 200, body: { usage } },
  });
}

const post = (body: string, query = '') => new Request(`http://localhost/api/traffic/timeline${query}`, { method: 'POST', body });

async function refusal(response: Response) {
  const parsed = httpErrorBodySchema.parse(await response.json());
  return { status: response.status, code: parsed.error.code, message: parsed.error.message };
}

describe('POST /api/traffic/timeline', () => {
  it('answers each request with its prediction, the reported usage and a verdict, and the agreement per provider', async () => {
    const log = [
      traceLine(0, ['Add a test.'], { input_tokens: 4, cache_creation_input_tokens: 3300, cache_read_input_tokens: 0, output_tokens: 9 }),
      traceLine(60, ['Add a test.', 'Added.', 'Run it.'], {
        input_tokens: 4,
        cache_creation_input_tokens: 20,
        cache_read_input_tokens: 3290,
        output_tokens: 9,
      }),
    ].join('\n');
    const response = await answerTrafficTimelineRequest(post(log, '?name=session.jsonl'));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.format).toBe('claude-trace');
    expect(answer.entries.map((entry: { source: string; index: number; verdict: string }) => [entry.source, entry.index, entry.verdict])).toEqual([
      ['session.jsonl', 0, 'agrees'],
      ['session.jsonl', 1, 'agrees'],
    ]);
    expect(answer.agreement).toEqual([
      { provider: 'anthropic', label: 'anthropic', requests: 2, unpredicted: 0, hitMissAgrees: 2, shareWithin: 2, outsideReads: 0, outsideHits: 0 },
    ]);
  });

  it('detects a HAR file', async () => {
    const har = JSON.stringify({
      log: {
        entries: [
          {
            startedDateTime: '2026-06-15T09:15:50Z',
            request: {
              method: 'POST',
              url,
              postData: {
                mimeType: 'application/json',
                text: JSON.stringify({ model: 'claude-sonnet-4-20250514', messages: [{ role: 'user', content: 'Hi' }] }),
              },
            },
            response: {
              status: 200,
              content: {
                mimeType: 'application/json',
                text: JSON.stringify({ usage: { input_tokens: 8, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } }),
              },
            },
          },
        ],
      },
    });
    const answer = await (await answerTrafficTimelineRequest(post(har))).json();
    expect(answer.format).toBe('har');
    expect(answer.entries.map((entry: { verdict: string }) => entry.verdict)).toEqual(['agrees']);
    // The what-if prices the one Messages request under each placement, beside the bill: 8 tokens at Sonnet 4's $3.
    expect(answer.whatIf.requests).toBe(1);
    expect(answer.whatIf.outcomes.map((outcome: { placement: { id: string } }) => outcome.placement.id)).toEqual([
      'as-sent',
      'none',
      'last-block',
      'tools-system-recent',
    ]);
    expect(answer.whatIf.billed).toEqual({ cachedTokens: 0, writtenTokens: 0, uncachedTokens: 8, cost: { dollars: 0.000024, complete: true, missing: [] } });
  });

  it('detects a mini-swe-agent trajectory and replays its Chat Completions requests through DeepSeek’s cache', async () => {
    const answered = (created: number, hit: number, miss: number) => ({
      role: 'assistant',
      content: `Step at ${created}.`,
      extra: {
        response: {
          created,
          model: 'deepseek-chat',
          usage: { prompt_tokens: hit + miss, completion_tokens: 9, prompt_cache_hit_tokens: hit, prompt_cache_miss_tokens: miss },
        },
      },
    });
    const trajectory = {
      info: { config: { model: { model_name: 'deepseek/deepseek-chat' } } },
      messages: [
        { role: 'system', content: 'Follow the house rules. '.repeat(200) },
        { role: 'user', content: 'Fix it.' },
        answered(1775795494, 0, 1000),
        { role: 'user', content: 'Go on.' },
        answered(1775795497, 1000, 20),
      ],
      trajectory_format: 'mini-swe-agent-1.1',
    };
    const answer = await (await answerTrafficTimelineRequest(post(JSON.stringify(trajectory), '?name=run.traj.json'))).json();
    expect(answer.format).toBe('mini-swe-agent');
    expect(answer.entries.map((entry: { provider: string; verdict: string }) => [entry.provider, entry.verdict])).toEqual([
      ['deepseek', 'agrees'],
      ['deepseek', 'agrees'],
    ]);
    // DeepSeek caches by prefix wherever a request marks it: there is no placement to price.
    expect(answer.whatIf).toMatchObject({ requests: 0, billed: null });
  });

  it('refuses what it cannot read, saying what is wrong and what it takes', async () => {
    expect(await refusal(await answerTrafficTimelineRequest(post('   ')))).toEqual({
      status: 400,
      code: 'empty',
      message: 'The body is empty: send a claude-trace JSONL log, a HAR file, a mini-swe-agent trajectory or a VCR cassette.',
    });
    expect(await refusal(await answerTrafficTimelineRequest(post('{}', '?format=pcap')))).toMatchObject({ status: 400, code: 'invalid-request' });
    expect(await refusal(await answerTrafficTimelineRequest(post('hello\n{"request": 1}')))).toEqual({
      status: 422,
      code: 'no-model-requests',
      message: 'No model request with a messages list was found in a claude-trace log: 2 unreadable (first: not JSON).',
    });
    const elsewhere = JSON.stringify({ trajectory_format: 'mini-swe-agent-1.1', info: { config: { model: { model_name: 'bedrock/nova' } } }, messages: [] });
    expect(await refusal(await answerTrafficTimelineRequest(post(elsewhere)))).toEqual({
      status: 422,
      code: 'no-model-requests',
      message:
        'No model request with a messages list was found in a mini-swe-agent trajectory: 1 unreadable (first: model "bedrock/nova": only deepseek and openai Chat Completions calls are read).',
    });
    const tooLarge = new Request('http://localhost/api/traffic/timeline', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': String(TRAFFIC_BODY_LIMIT_BYTES + 1) },
    });
    expect((await refusal(await answerTrafficTimelineRequest(tooLarge))).status).toBe(413);
  });

  describe('?count=anthropic', () => {
    const log = traceLine(0, ['Add a test.'], { input_tokens: 4, cache_creation_input_tokens: 3300, cache_read_input_tokens: 0, output_tokens: 9 });
    const keyed = { ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_BASE_URL: 'http://anthropic.test/v1' };

    it('has Anthropic count each request at its breakpoints and end, and says so', async () => {
      const asked: { url: string; key: string | null; body: Record<string, unknown> }[] = [];
      // Stands in for Anthropic: 3,300 tokens with the system prompt, 4 for the rest.
      const standIn = async (url: string | URL | Request, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        asked.push({ url: String(url), key: new Headers(init?.headers).get('x-api-key'), body });
        return Response.json({ input_tokens: (body.system === undefined ? 0 : 3300) + 4 });
      };
      const answer = await (await trafficTimelineHandler(keyed, standIn as typeof fetch)(post(log, '?count=anthropic'))).json();
      // The system prompt's breakpoint, with the placeholder message and that message alone; the
      // whole request is not counted: its reported total is what was billed.
      expect(answer.counting).toEqual({ provider: 'anthropic', countable: 1, counted: 1, calls: 2, refused: 0, stopped: null });
      expect(asked).toHaveLength(2);
      expect(asked[0]).toMatchObject({ url: 'http://anthropic.test/v1/messages/count_tokens', key: 'sk-ant-test-key' });
      expect(asked.map(({ body }) => 'max_tokens' in body)).toEqual([false, false]);
      expect(answer.entries.map((entry: { tokens: string; verdict: string }) => [entry.tokens, entry.verdict])).toEqual([['provider', 'agrees']]);
    });

    it('without a key, answers 409 before reading the log; a count it does not know is refused; a provider error stops counting with the key redacted', async () => {
      expect(await refusal(await trafficTimelineHandler({})(post(log, '?count=anthropic')))).toEqual({
        status: 409,
        code: 'no-provider-key',
        message: 'No Anthropic key is configured on this server (ANTHROPIC_API_KEY): the counts stay offline, scaled to each reported total.',
      });
      expect(await refusal(await trafficTimelineHandler(keyed)(post(log, '?count=gemini')))).toMatchObject({ status: 400, code: 'invalid-request' });
      const denied = async () => Response.json({ error: { message: 'invalid x-api-key sk-ant-test-key' } }, { status: 401 });
      const answer = await (await trafficTimelineHandler(keyed, denied as typeof fetch)(post(log, '?count=anthropic'))).json();
      expect(answer.counting.stopped).toBe('Counting stopped after 0 of 2 prefixes: Anthropic answered 401: invalid x-api-key [redacted]');
      expect(answer.entries[0].tokens).toBe('scaled');
    });
  });
});
