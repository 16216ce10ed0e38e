import { isRecord } from '@/lib/json/is-record';
import type { ModelReply } from '../model-reply';
import { eventStream, parsedJson, streamedEvents } from '../server-sent-events';

/** The reply as a Responses API response, or its stream of events (response.created … response.completed). */
export function openAiResponsesAnswer(reply: ModelReply, stream: boolean): Response {
  const created = Math.floor(Date.now() / 1000);
  const message =
    reply.text === ''
      ? []
      : [
          {
            type: 'message',
            id: `msg_${reply.id}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: reply.text, annotations: [] }],
          },
        ];
  const calls = reply.toolCalls.map((call) => ({
    type: 'function_call',
    id: `fc_${call.id}`,
    call_id: call.id,
    name: call.name,
    ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
    arguments: call.input,
    status: 'completed',
  }));
  const usage = {
    input_tokens: reply.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: reply.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: reply.inputTokens + reply.outputTokens,
  };
  const response = { id: reply.id, object: 'response', created_at: created, model: reply.model, status: 'completed', output: [...message, ...calls], usage };
  if (!stream) return Response.json(response);
  let sequence = 0;
  const event = (type: string, data: Record<string, unknown>) => ({ event: type, data: JSON.stringify({ type, sequence_number: sequence++, ...data }) });
  const items = response.output.flatMap((item, index) => {
    if (item.type === 'message') {
      const text = reply.text;
      const part = { type: 'output_text', text, annotations: [] };
      const at = { item_id: item.id, output_index: index, content_index: 0 };
      return [
        event('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', content: [] } }),
        event('response.content_part.added', { ...at, part: { ...part, text: '' } }),
        event('response.output_text.delta', { ...at, delta: text }),
        event('response.output_text.done', { ...at, text }),
        event('response.content_part.done', { ...at, part }),
        event('response.output_item.done', { output_index: index, item }),
      ];
    }
    const call = item as (typeof calls)[number];
    return [
      event('response.output_item.added', { output_index: index, item: { ...call, arguments: '', status: 'in_progress' } }),
      event('response.function_call_arguments.delta', { item_id: call.id, output_index: index, delta: call.arguments }),
      event('response.function_call_arguments.done', { item_id: call.id, output_index: index, arguments: call.arguments }),
      event('response.output_item.done', { output_index: index, item: call }),
    ];
  });
  return eventStream([
    event('response.created', { response: { ...response, status: 'in_progress', output: [], usage: null } }),
    ...items,
    event('response.completed', { response }),
  ]);
}

/** A Responses answer as the items a runtime sends back as input: its output, as completed. */
export function responsesAnswerItems(body: string): unknown[] | null {
  const events = streamedEvents(body);
  if (events === null) {
    const output = (parsedJson(body) as { output?: unknown } | undefined)?.output;
    return Array.isArray(output) ? output : null;
  }
  const completed = events.find((event) => isRecord(event) && event.type === 'response.completed') as { response?: { output?: unknown } } | undefined;
  if (Array.isArray(completed?.response?.output)) return completed.response.output;
  // A stream cut before `response.completed`: the items it finished.
  const done = events.filter((event): event is { item: unknown } => isRecord(event) && event.type === 'response.output_item.done' && 'item' in event);
  return done.length === 0 ? null : done.map((event) => event.item);
}
