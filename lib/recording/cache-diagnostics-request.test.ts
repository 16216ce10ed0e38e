import { describe, expect, it } from 'vitest';
import { type AnswerHead, askingForDiagnostics, CACHE_DIAGNOSIS_BETA, previousAnswerId, withDiagnosisBeta } from './cache-diagnostics-request';
import { CaptureStore } from './capture-store';

const head = (model: string | null, text: string | null, status = 200): AnswerHead => ({ status, model, head: text });
const start = (id: string) => `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { type: 'message', id, usage: {} } })}\n\n`;

describe('previousAnswerId', () => {
  it('is the newest answered id of the same model, read from a stream’s message_start too', () => {
    const answers = [
      head('claude-haiku-4-5', JSON.stringify({ type: 'message', id: 'msg_side' })),
      head('claude-sonnet-4-5', '{"type":"error","error":{"type":"overloaded_error"}}', 529),
      head('claude-sonnet-4-5', start('msg_streamed')),
      head('claude-sonnet-4-5', JSON.stringify({ type: 'message', id: 'msg_older' })),
    ];
    expect(previousAnswerId(answers, 'claude-sonnet-4-5')).toBe('msg_streamed');
    expect(previousAnswerId(answers, 'claude-opus-4-8')).toBeNull();
    expect(previousAnswerId([head('claude-sonnet-4-5', '{"type":"message","id":"not-a-message-id"}')], 'claude-sonnet-4-5')).toBeNull();
  });

  it('reads only what it needs from the store: the model and the start of each answer of the session', () => {
    const store = new CaptureStore(':memory:');
    const add = (sessionKey: string, requestBody: string, responseBody: string) => {
      const id = store.begin({ api: 'anthropic-messages', sessionKey, requestBody, requestHeaders: {} });
      store.finish(id, { status: 200, responseBody, responseTruncated: false, responseHeaders: null, error: null });
    };
    add('s', '{"model":"claude-sonnet-4-5","messages":[]}', `{"type":"message","id":"msg_1","content":[{"type":"text","text":"${'x'.repeat(10_000)}"}]}`);
    add('s', 'not json', '{}');
    add('other', '{"model":"claude-sonnet-4-5","messages":[]}', '{"type":"message","id":"msg_2"}');
    const heads = store.recentAnswerHeads('s', 20, 64);
    expect(heads.map((answer) => [answer.model, answer.head?.length])).toEqual([
      [null, 2],
      ['claude-sonnet-4-5', 64],
    ]);
    expect(previousAnswerId(heads, 'claude-sonnet-4-5')).toBe('msg_1');
  });
});

describe('askingForDiagnostics', () => {
  it('adds the request’s diagnostics, and leaves a body that asks already or is not a Messages body', () => {
    expect(askingForDiagnostics({ model: 'm', messages: [] }, 'msg_1')).toEqual({ model: 'm', messages: [], diagnostics: { previous_message_id: 'msg_1' } });
    expect(askingForDiagnostics({ messages: [], diagnostics: { previous_message_id: null } }, 'msg_1')).toBeNull();
    expect(askingForDiagnostics({ prompt: 'x' }, 'msg_1')).toBeNull();
    expect(askingForDiagnostics('not json', null)).toBeNull();
  });

  it('puts the beta among the runtime’s own betas, once', () => {
    expect(withDiagnosisBeta(null)).toBe(CACHE_DIAGNOSIS_BETA);
    expect(withDiagnosisBeta('claude-code-20250219, interleaved-thinking-2025-05-14')).toBe(
      `claude-code-20250219,interleaved-thinking-2025-05-14,${CACHE_DIAGNOSIS_BETA}`,
    );
    expect(withDiagnosisBeta(`${CACHE_DIAGNOSIS_BETA},x`)).toBe(`${CACHE_DIAGNOSIS_BETA},x`);
  });
});
