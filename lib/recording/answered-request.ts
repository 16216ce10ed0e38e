import { isRecord } from '@/lib/json/is-record';
import { messageContentOfEvents } from '@/lib/wire/anthropic-messages/streamed-content';
import { streamEventData } from '@/lib/wire/server-sent-events';
import type { ModelApi } from './model-api';

type Json = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `data` of each server-sent event in a streamed answer, parsed; null when the answer is one JSON document. */
function streamedEvents(body: string): unknown[] | null {
  const start = body.trimStart();
  if (!(start.startsWith('data:') || start.startsWith('event:') || start.startsWith(':') || start.startsWith('id:'))) return null;
  return streamEventData(body);
}

/** A Chat Completions answer as the assistant message a runtime sends back: text, then tool calls. */
function chatAssistant(body: string): Json | null {
  const events = streamedEvents(body);
  if (events === null) {
    const message = (parseJson(body) as { choices?: { message?: unknown }[] } | undefined)?.choices?.[0]?.message;
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
    const delta = (event as { choices?: { delta?: Json }[] } | undefined)?.choices?.[0]?.delta;
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

/** A Responses answer as the items a runtime sends back as input: its output, as completed. */
function responsesItems(body: string): unknown[] | null {
  const events = streamedEvents(body);
  if (events === null) {
    const output = (parseJson(body) as { output?: unknown } | undefined)?.output;
    return Array.isArray(output) ? output : null;
  }
  const completed = events.find((event) => isRecord(event) && event.type === 'response.completed') as { response?: { output?: unknown } } | undefined;
  if (Array.isArray(completed?.response?.output)) return completed.response.output;
  // A stream cut before `response.completed`: the items it finished.
  const done = events.filter((event): event is { item: unknown } => isRecord(event) && event.type === 'response.output_item.done' && 'item' in event);
  return done.length === 0 ? null : done.map((event) => event.item);
}

/** A Messages answer as the assistant message a runtime sends back: its content blocks. */
function anthropicAssistant(body: string): Json | null {
  const events = streamedEvents(body);
  if (events === null) {
    const content = (parseJson(body) as { content?: unknown } | undefined)?.content;
    return Array.isArray(content) ? { role: 'assistant', content } : null;
  }
  const content = messageContentOfEvents(events);
  return content === null ? null : { role: 'assistant', content };
}

/**
 * The request body as the runtime would continue it once answered: the model's answer (read from
 * the captured response, plain or streamed) appended in the request's own shape. A call the model
 * made is then in the conversation before the runtime's next request repeats it, so a fork can be
 * checked while its parent waits on the child. Null when the answer cannot be read.
 */
export function answeredRequest(api: ModelApi, requestBody: string, responseBody: string): string | null {
  const request = parseJson(requestBody);
  if (!isRecord(request)) return null;
  if (api === 'openai-responses') {
    const items = responsesItems(responseBody);
    if (items === null) return null;
    const input = typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : Array.isArray(request.input) ? request.input : [];
    return JSON.stringify({ ...request, input: [...input, ...items] });
  }
  const message = api === 'anthropic-messages' ? anthropicAssistant(responseBody) : chatAssistant(responseBody);
  if (message === null || !Array.isArray(request.messages)) return null;
  return JSON.stringify({ ...request, messages: [...request.messages, message] });
}
