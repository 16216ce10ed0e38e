import { describe, expect, it } from 'vitest';
import { askingForDiagnostics, previousAnswerId } from './cache-diagnostics-request';
import type { Capture } from './capture-store';

const capture = (id: number, model: string, responseBody: string | null, status = 200): Capture => ({
  id,
  api: 'anthropic-messages',
  sessionKey: 'metadata.user_id:s',
  requestBody: JSON.stringify({ model, messages: [] }),
  requestHeaders: {},
  status,
  responseBody,
  responseTruncated: false,
  responseHeaders: null,
  error: null,
  startedAt: '',
  endedAt: '',
});
const start = (id: string) => `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { type: 'message', id, usage: {} } })}\n\n`;

describe('previousAnswerId', () => {
  it('is the newest answered id of the same model, read from a stream’s message_start too', () => {
    const history = [
      capture(5, 'claude-haiku-4-5', JSON.stringify({ type: 'message', id: 'msg_side' })),
      capture(4, 'claude-sonnet-4-5', '{"type":"error"}', 529),
      capture(3, 'claude-sonnet-4-5', start('msg_streamed')),
      capture(2, 'claude-sonnet-4-5', JSON.stringify({ type: 'message', id: 'msg_older' })),
    ];
    expect(previousAnswerId(history, 'claude-sonnet-4-5')).toBe('msg_streamed');
    expect(previousAnswerId(history, 'claude-opus-4-8')).toBeNull();
  });
});

describe('askingForDiagnostics', () => {
  it('adds the request’s diagnostics, and leaves a body that asks already or is not a Messages body', () => {
    expect(askingForDiagnostics({ model: 'm', messages: [] }, 'msg_1')).toEqual({ model: 'm', messages: [], diagnostics: { previous_message_id: 'msg_1' } });
    expect(askingForDiagnostics({ messages: [], diagnostics: { previous_message_id: null } }, 'msg_1')).toBeNull();
    expect(askingForDiagnostics({ prompt: 'x' }, 'msg_1')).toBeNull();
    expect(askingForDiagnostics('not json', null)).toBeNull();
  });
});
