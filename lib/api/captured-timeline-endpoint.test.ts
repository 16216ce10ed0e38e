import { describe, expect, it } from 'vitest';
import { CaptureStore } from '@/lib/recording/capture-store';
import { capturedTimelineHandler } from './captured-timeline-endpoint';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const ephemeral = { type: 'ephemeral' };

/** A request forwarded to Anthropic and answered, as the recording endpoint keeps it. */
function forwarded(store: CaptureStore, turns: string[], answer: Record<string, unknown>, previous?: string, model = 'claude-sonnet-4-20250514') {
  const id = store.begin({
    api: 'anthropic-messages',
    sessionKey: 'metadata.user_id:session-1',
    requestBody: JSON.stringify({
      model,
      system: [{ type: 'text', text: SYSTEM, cache_control: ephemeral }],
      messages: turns.map((text, at) => ({ role: at % 2 === 0 ? 'user' : 'assistant', content: text })),
      ...(previous === undefined ? {} : { diagnostics: { previous_message_id: previous } }),
    }),
    requestHeaders: {},
  });
  store.finish(id, {
    status: 200,
    responseBody: JSON.stringify({ type: 'message', content: [], ...answer }),
    responseTruncated: false,
    responseHeaders: {},
    error: null,
  });
  return id;
}

const usage = (read: number, written: number) => ({ input_tokens: 4, cache_read_input_tokens: read, cache_creation_input_tokens: written, output_tokens: 5 });

describe('GET /api/captures/timeline', () => {
  it('replays the captures a provider answered, under their session and number, with the provider’s diagnosis beside Fork Lab’s', async () => {
    const store = new CaptureStore(':memory:');
    // The offline model's answer reports no cache figures: nothing to set a prediction against.
    const offline = store.begin({ api: 'openai-chat', sessionKey: null, requestBody: '{"model":"fork-lab-offline","messages":[]}', requestHeaders: {} });
    store.finish(offline, { status: 200, responseBody: '{"choices":[]}', responseTruncated: false, responseHeaders: {}, error: null });
    const first = forwarded(store, ['Add a test.'], { id: 'msg_1', usage: usage(0, 3300) });
    const second = forwarded(store, ['Add a test.', 'Added.', 'Run it.'], { id: 'msg_2', usage: usage(3300, 20), diagnostics: null }, 'msg_1');
    const response = await capturedTimelineHandler(() => store)(new Request('http://127.0.0.1/api/captures/timeline'));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.captures).toBe(3);
    expect(
      answer.entries.map((entry: { source: string; index: number; provider: string; verdict: string }) => [
        entry.source,
        entry.index,
        entry.provider,
        entry.verdict,
      ]),
    ).toEqual([
      ['metadata.user_id:session-1', first, 'anthropic', 'agrees'],
      ['metadata.user_id:session-1', second, 'anthropic', 'agrees'],
    ]);
    expect(answer.entries[1].diagnosis).toEqual({
      provider: { reason: null, pending: false, missedTokens: null },
      asked: 'msg_1',
      earlier: { source: 'metadata.user_id:session-1', index: first, atMs: answer.entries[0].atMs },
      ours: null,
      agrees: true,
    });
    expect(answer.agreement).toMatchObject([{ provider: 'anthropic', requests: 2, hitMissAgrees: 2, shareWithin: 2 }]);
  });

  it('reads a model another provider lists as that provider’s: an Anthropic client pointed at DeepSeek', async () => {
    const store = new CaptureStore(':memory:');
    forwarded(store, ['Add a test.'], { id: 'msg_1', usage: usage(0, 3300) }, undefined, 'deepseek-v4-flash');
    const answer = await (await capturedTimelineHandler(() => store)(new Request('http://127.0.0.1/api/captures/timeline'))).json();
    expect(answer.entries.map((entry: { provider: string }) => entry.provider)).toEqual(['deepseek']);
  });

  it('is served to this machine only, as the captures are', async () => {
    const store = new CaptureStore(':memory:');
    const response = await capturedTimelineHandler(() => store, {})(new Request('http://fork-lab.example/api/captures/timeline'));
    expect(response.status).toBe(403);
  });

  it('takes ?count=anthropic only with a key on the server, and ignores a query parameter it does not read', async () => {
    const store = new CaptureStore(':memory:');
    const asked = (query: string) => capturedTimelineHandler(() => store, {})(new Request(`http://127.0.0.1/api/captures/timeline${query}`));
    const refused = await asked('?count=anthropic');
    expect([refused.status, (await refused.json()).error.code]).toEqual([409, 'no-provider-key']);
    expect((await asked('?count=gemini')).status).toBe(400);
    expect((await asked('?_=1700000000')).status).toBe(200);
  });
});
