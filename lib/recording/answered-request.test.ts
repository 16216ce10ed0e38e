import { describe, expect, it } from 'vitest';
import { toolCallsOf } from '@/lib/fork';
import { anthropicAnswer } from '@/lib/wire/anthropic-messages/messages-answer';
import type { ModelReply } from '@/lib/wire/model-reply';
import { openAiChatAnswer } from '@/lib/wire/openai-chat/chat-answer';
import { openAiResponsesAnswer } from '@/lib/wire/openai-responses/responses-answer';
import { answeredRequest } from './answered-request';
import { readCapture } from './captured-conversation';
import type { ModelApi } from './model-api';

const reply: ModelReply = {
  id: 'r1',
  model: 'gpt-5',
  text: 'Forking.',
  toolCalls: [{ id: 'call_1', name: 'agent', input: '{"fork":true,"prompt":"Find the bug."}' }],
  inputTokens: 10,
  outputTokens: 5,
};
const ASK = 'Fork it.';
const requests: Record<ModelApi, unknown> = {
  'openai-chat': { model: 'gpt-5', messages: [{ role: 'user', content: ASK }] },
  'openai-responses': { model: 'gpt-5', input: ASK },
  'anthropic-messages': { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: ASK }] },
};
const answers: Record<ModelApi, (stream: boolean) => Response> = {
  'openai-chat': (stream) => openAiChatAnswer(reply, stream),
  'openai-responses': (stream) => openAiResponsesAnswer(reply, stream),
  'anthropic-messages': (stream) => anthropicAnswer(reply, stream),
};

async function lastMessageAnswered(api: ModelApi, responseBody: string) {
  const body = answeredRequest(api, JSON.stringify(requests[api]), responseBody);
  expect(body).not.toBeNull();
  const conversation = await readCapture(1, api, body!);
  return conversation!.transcript.messages.map((entry) => entry.message);
}

describe('answeredRequest: the request with its answer, as the runtime would send it next', () => {
  for (const api of Object.keys(requests) as ModelApi[]) {
    for (const stream of [false, true]) {
      it(`${api}, ${stream ? 'streamed' : 'one document'}: the answer's text and call follow the request`, async () => {
        const messages = await lastMessageAnswered(api, await answers[api](stream).text());
        expect(messages[0]).toMatchObject({ role: 'user' });
        const answered = messages.slice(1);
        expect(answered.map((message) => message.role)).toEqual(['assistant']);
        expect(toolCallsOf(answered[0]!)).toEqual([{ toolCallId: 'call_1', toolName: 'agent', input: { fork: true, prompt: 'Find the bug.' } }]);
        expect(JSON.stringify(answered[0])).toContain('Forking.');
      });
    }
  }

  it("joins a call's arguments streamed in pieces, as OpenAI streams them", async () => {
    // The shape of OpenAI's documented function-call stream: id and name first, arguments in fragments.
    const chunk = (delta: unknown) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
    const body = [
      chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_9', type: 'function', function: { name: 'agent', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"fork":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'true,"prompt":"Go."}' } }] }),
      'data: [DONE]\n\n',
    ].join('');
    const [, answered] = await lastMessageAnswered('openai-chat', body);
    expect(toolCallsOf(answered!)).toEqual([{ toolCallId: 'call_9', toolName: 'agent', input: { fork: true, prompt: 'Go.' } }]);
  });

  it("joins a tool_use block's input streamed in pieces, as Anthropic streams it", async () => {
    const event = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`;
    const body = [
      event('message_start', { message: { id: 'm', role: 'assistant', content: [] } }),
      event('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'Agent', input: {} } }),
      event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '{"prompt": "Go.", ' } }),
      event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '"subagent_type": "fork"}' } }),
      event('content_block_stop', { index: 0 }),
      event('message_stop', {}),
    ].join('');
    const [, answered] = await lastMessageAnswered('anthropic-messages', body);
    expect(toolCallsOf(answered!)).toEqual([{ toolCallId: 'toolu_1', toolName: 'Agent', input: { prompt: 'Go.', subagent_type: 'fork' } }]);
  });

  it('is null for an answer it cannot read', () => {
    expect(answeredRequest('openai-chat', JSON.stringify(requests['openai-chat']), '{"error":{"message":"rate limited"}}')).toBeNull();
    expect(answeredRequest('anthropic-messages', JSON.stringify(requests['anthropic-messages']), 'not json')).toBeNull();
    expect(answeredRequest('openai-responses', 'not json', '{}')).toBeNull();
  });

  it("keeps a streamed answer's thinking and its signature, as Claude streams them", async () => {
    const event = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`;
    const body = [
      event('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      event('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Fork ' } }),
      event('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'it.' } }),
      event('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAh' } }),
      event('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_2', name: 'Agent', input: {} } }),
      event('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '{"prompt":"Go."}' } }),
    ].join('');
    const answered = JSON.parse(answeredRequest('anthropic-messages', JSON.stringify(requests['anthropic-messages']), body)!).messages.at(-1);
    expect(answered.content).toEqual([
      { type: 'thinking', thinking: 'Fork it.', signature: 'EqQBCgIYAh' },
      { type: 'tool_use', id: 'toolu_2', name: 'Agent', input: { prompt: 'Go.' } },
    ]);
  });

  it('reads a name repeated in every delta once, and deltas without an index as the call being streamed', () => {
    const chunk = (delta: unknown) => `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`;
    const body = [
      chunk({ tool_calls: [{ id: 'call_a', function: { name: 'agent', arguments: '{"fork":' } }] }),
      chunk({ tool_calls: [{ function: { name: 'agent', arguments: 'true}' } }] }),
      chunk({ tool_calls: [{ id: 'call_b', function: { name: 'read', arguments: '{}' } }] }),
    ].join('');
    const answered = JSON.parse(answeredRequest('openai-chat', JSON.stringify(requests['openai-chat']), body)!).messages.at(-1);
    expect(answered.tool_calls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'agent', arguments: '{"fork":true}' } },
      { id: 'call_b', type: 'function', function: { name: 'read', arguments: '{}' } },
    ]);
  });

  // An index walked as an array size (4e9 slots) runs for minutes: the test's time limit fails it.
  it('takes a stream index as a key, not an array size: a huge one costs nothing', () => {
    const body = `data: ${JSON.stringify({ choices: [{ delta: { tool_calls: [{ index: 4e9, id: 'c', function: { name: 'agent', arguments: '{}' } }] } }] })}\n\n`;
    const answered = JSON.parse(answeredRequest('openai-chat', JSON.stringify(requests['openai-chat']), body)!).messages.at(-1);
    expect(answered.tool_calls).toHaveLength(1);
    const anthropic = `data: ${JSON.stringify({ type: 'content_block_start', index: 4e9, content_block: { type: 'text', text: 'x' } })}\n\n`;
    expect(JSON.parse(answeredRequest('anthropic-messages', JSON.stringify(requests['anthropic-messages']), anthropic)!).messages.at(-1).content).toEqual([
      { type: 'text', text: 'x' },
    ]);
  });
});
