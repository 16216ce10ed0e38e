import { describe, expect, it } from 'vitest';
import { streamedUsage } from '@/lib/wire/streamed-usage';

const event = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

describe('streamedUsage', () => {
  it('takes the input side from message_start and the output count from message_delta', () => {
    const events = [
      event('message_start', {
        type: 'message_start',
        message: { id: 'msg_1', usage: { input_tokens: 4, cache_creation_input_tokens: 304, cache_read_input_tokens: 15032, output_tokens: 2 } },
      }),
      event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
      'event: ping\ndata: {"type": "ping"}\n\n',
      event('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 87 } }),
    ].join('');
    expect(streamedUsage(events)).toEqual({ cachedTokens: 15032, writtenTokens: 304, uncachedTokens: 4, outputTokens: 87, format: 'anthropic' });
  });

  it('takes message_delta’s cache figures where it sends them: cumulative over the rounds server tools ran', () => {
    const events = [
      event('message_start', {
        type: 'message_start',
        message: { id: 'msg_1', usage: { input_tokens: 5, cache_creation_input_tokens: 4332, cache_read_input_tokens: 0, output_tokens: 1 } },
      }),
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { input_tokens: 10, cache_creation_input_tokens: 4513, cache_read_input_tokens: 4332, output_tokens: 193 },
      }),
    ].join('');
    expect(streamedUsage(events)).toEqual({ cachedTokens: 4332, writtenTokens: 4513, uncachedTokens: 10, outputTokens: 193, format: 'anthropic' });
  });

  it('takes message_delta’s figures one by one: a null keeps message_start’s', () => {
    const events = [
      event('message_start', {
        type: 'message_start',
        message: { id: 'msg_1', usage: { input_tokens: 5, cache_creation_input_tokens: 4332, cache_read_input_tokens: 0 } },
      }),
      event('message_delta', {
        type: 'message_delta',
        usage: { input_tokens: null, cache_creation_input_tokens: null, cache_read_input_tokens: 100, output_tokens: 7 },
      }),
    ].join('');
    expect(streamedUsage(events)).toEqual({ cachedTokens: 100, writtenTokens: 4332, uncachedTokens: 5, outputTokens: 7, format: 'anthropic' });
    expect(streamedUsage(event('message_delta', { type: 'message_delta', usage: null }))).toBeNull();
  });

  it('reads an OpenAI-style final usage chunk, and nothing from a stream without one', () => {
    const chunk = { choices: [], usage: { prompt_tokens: 1200, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 1024 } } };
    expect(streamedUsage(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`)).toEqual({
      cachedTokens: 1024,
      writtenTokens: 0,
      uncachedTokens: 176,
      outputTokens: 5,
      format: 'openai-chat',
    });
    expect(streamedUsage('data: {"type":"ping"}\n\ndata: not json\n\n')).toBeNull();
  });

  it('reads the Responses API’s usage from the response in response.completed', () => {
    const events = [
      event('response.created', { type: 'response.created', response: { id: 'resp_1', usage: null } }),
      event('response.output_text.delta', { type: 'response.output_text.delta', delta: 'Hi' }),
      event('response.completed', {
        type: 'response.completed',
        response: { id: 'resp_1', usage: { input_tokens: 11976, input_tokens_details: { cached_tokens: 9088 }, output_tokens: 40 } },
      }),
    ].join('');
    expect(streamedUsage(events)).toMatchObject({ cachedTokens: 9088, outputTokens: 40, format: 'openai-responses' });
  });
});
