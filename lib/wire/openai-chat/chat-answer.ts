import { isRecord } from '@/lib/json/is-record';
import type { ModelReply } from '../model-reply';
import { eventStream, parsedJson, streamedEvents } from '../server-sent-events';

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

/** A Chat Completions answer as the assistant message a runtime sends back: text, then tool calls. */
export function chatAnswerMessage(body: string): Record<string, unknown> | null {
  const events = streamedEvents(body);
  if (events === null) {
    const message = (parsedJson(body) as { choices?: { message?: unknown }[] } | undefined)?.choices?.[0]?.message;
    return isRecord(message)
      ? { role: 'assistant', content: message.content ?? null, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) }
      : null;
  }
  // Streamed: text deltas joined; each tool call's id and name from its first delta, its arguments
  // from every delta of the same index, in order. A delta without an index goes on the call being
  // streamed unless it brings a new id; a name repeated in every delta (some providers do) counts once.
  let text = '';
  const calls = new Map<number, { id: string; type: 'function'; function: { name: string; arguments: string } }>();
  let current = -1;
  for (const event of events) {
    const delta = (event as { choices?: { delta?: Record<string, unknown> }[] } | undefined)?.choices?.[0]?.delta;
    if (!isRecord(delta)) continue;
    if (typeof delta.content === 'string') text += delta.content;
    for (const part of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
      if (!isRecord(part)) continue;
      const startsOne = typeof part.id === 'string' && part.id !== '' && calls.get(current)?.id !== part.id;
      current = typeof part.index === 'number' && Number.isSafeInteger(part.index) ? part.index : startsOne || current < 0 ? calls.size : current;
      const fn = isRecord(part.function) ? part.function : {};
      const call = calls.get(current) ?? { id: '', type: 'function' as const, function: { name: '', arguments: '' } };
      calls.set(current, call);
      if (typeof part.id === 'string' && part.id !== '') call.id = part.id;
      if (typeof fn.name === 'string' && call.function.name === '') call.function.name = fn.name;
      if (typeof fn.arguments === 'string') call.function.arguments += fn.arguments;
    }
  }
  const made = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  return { role: 'assistant', content: text === '' ? null : text, ...(made.length > 0 ? { tool_calls: made } : {}) };
}
