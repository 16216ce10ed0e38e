import { describe, expect, it } from 'vitest';
import { readClaudeTrace } from './claude-trace';

const messages = 'https://api.anthropic.com/v1/messages?beta=true';
const lines = [
  {
    request: {
      timestamp: 1748554704.293,
      method: 'POST',
      url: messages,
      headers: {},
      body: { model: 'claude-3-5-haiku-20241022', max_tokens: 1, messages: [{ role: 'user', content: 'quota' }] },
    },
    response: {
      timestamp: 1748554705.03,
      status_code: 200,
      body: { usage: { input_tokens: 8, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 } },
    },
  },
  {
    request: { timestamp: 1748554706, method: 'GET', url: 'https://statsig.anthropic.com/v1/initialize', headers: {}, body: null },
    response: { status_code: 200, body: {} },
  },
  {
    request: {
      timestamp: 1748554707.5,
      method: 'POST',
      url: messages,
      headers: {},
      body: { model: 'claude-sonnet-4-20250514', stream: true, messages: [{ role: 'user', content: 'Go.' }] },
    },
    response: {
      status_code: 200,
      body: null,
      body_raw: `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { usage: { input_tokens: 4, cache_creation_input_tokens: 15032, cache_read_input_tokens: 0, output_tokens: 1 } } })}\n\n`,
    },
  },
];

describe('readClaudeTrace', () => {
  it('reads the model requests in order, with the usage of each answer, streamed or not', () => {
    const text = [...lines.map((line) => JSON.stringify(line)), '{"request": 3}', 'not json', ''].join('\n');
    const log = readClaudeTrace(text, 'trace.jsonl');
    expect(log.exchanges.map(({ source, index, atMs, model, usage }) => ({ source, index, atMs, model, usage }))).toEqual([
      {
        source: 'trace.jsonl',
        index: 0,
        atMs: 1748554704293,
        model: 'claude-3-5-haiku-20241022',
        usage: { cachedTokens: 0, writtenTokens: 0, uncachedTokens: 8, outputTokens: 1, format: 'anthropic' },
      },
      {
        source: 'trace.jsonl',
        index: 1,
        atMs: 1748554707500,
        model: 'claude-sonnet-4-20250514',
        usage: { cachedTokens: 0, writtenTokens: 15032, uncachedTokens: 4, outputTokens: 1, format: 'anthropic' },
      },
    ]);
    expect(log.problems).toEqual([
      { line: 4, message: 'not a claude-trace record: Invalid input: expected object, received number' },
      { line: 5, message: 'not JSON' },
    ]);
  });

  it('reads a Responses API request (Codex through ChatGPT’s backend) with the usage of response.completed', () => {
    const completed = {
      type: 'response.completed',
      response: { usage: { input_tokens: 11976, input_tokens_details: { cached_tokens: 9088 }, output_tokens: 12 } },
    };
    const record = {
      request: {
        timestamp: 1781579654.585,
        method: 'POST',
        url: 'https://chatgpt.com/backend-api/codex/responses',
        body: { model: 'gpt-5.5', instructions: 'You are Codex.', input: [{ type: 'message', role: 'user', content: 'Hi' }], prompt_cache_key: 'k1' },
      },
      response: { status_code: 200, body_raw: `event: response.completed\ndata: ${JSON.stringify(completed)}\n\n` },
    };
    const events = {
      request: { timestamp: 1781579655, method: 'POST', url: 'https://chatgpt.com/backend-api/codex/analytics-events/events', body: { events: [] } },
    };
    const log = readClaudeTrace([record, events].map((line) => JSON.stringify(line)).join('\n'), 'codex.jsonl');
    expect(log.exchanges).toHaveLength(1);
    expect(log.exchanges[0]).toMatchObject({ model: 'gpt-5.5', usage: { cachedTokens: 9088, format: 'openai-responses' } });
  });
});
