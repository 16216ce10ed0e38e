import type { ModelReply } from '../model-reply';
import { eventStream } from '../server-sent-events';

/** The reply as a Chat Completions response, or its stream of chunks ending in `[DONE]` (`includeUsage`: `stream_options.include_usage`). */
export function openAiChatAnswer(reply: ModelReply, stream: boolean, includeUsage = false): Response {
  const created = Math.floor(Date.now() / 1000);
  const finish = reply.toolCalls.length > 0 ? 'tool_calls' : 'stop';
  const toolCalls = reply.toolCalls.map((call, index) => ({ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.input } }));
  const usage = { prompt_tokens: reply.inputTokens, completion_tokens: reply.outputTokens, total_tokens: reply.inputTokens + reply.outputTokens };
  if (!stream) {
    const message = {
      role: 'assistant',
      content: reply.text === '' ? null : reply.text,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map(({ index: _, ...call }) => call) } : {}),
    };
    return Response.json({
      id: reply.id,
      object: 'chat.completion',
      created,
      model: reply.model,
      choices: [{ index: 0, message, finish_reason: finish }],
      usage,
    });
  }
  const chunk = (delta: unknown, finishReason: string | null) =>
    JSON.stringify({ id: reply.id, object: 'chat.completion.chunk', created, model: reply.model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  return eventStream([
    { data: chunk({ role: 'assistant', content: '' }, null) },
    ...(reply.text === '' ? [] : [{ data: chunk({ content: reply.text }, null) }]),
    ...(toolCalls.length === 0 ? [] : [{ data: chunk({ tool_calls: toolCalls }, null) }]),
    { data: chunk({}, finish) },
    // The usage chunk (no choices) only when asked for, as OpenAI sends it: clients read choices[0] otherwise.
    ...(includeUsage ? [{ data: JSON.stringify({ id: reply.id, object: 'chat.completion.chunk', created, model: reply.model, choices: [], usage }) }] : []),
    { data: '[DONE]' },
  ]);
}
