import type { ModelReply } from '../model-reply';
import { eventStream, parsedJson, streamedEvents } from '../server-sent-events';
import { messageContentOfEvents } from './streamed-content';

/** The reply as a Messages response, or its event stream (message_start … message_stop). */
export function anthropicAnswer(reply: ModelReply, stream: boolean): Response {
  type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };
  const content: Block[] = [
    ...(reply.text === '' ? [] : [{ type: 'text' as const, text: reply.text }]),
    ...reply.toolCalls.map((call) => ({ type: 'tool_use' as const, id: call.id, name: call.name, input: JSON.parse(call.input) as unknown })),
  ];
  const stopReason = reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: reply.inputTokens, output_tokens: reply.outputTokens };
  const message = { id: reply.id, type: 'message', role: 'assistant', model: reply.model, stop_sequence: null };
  if (!stream) return Response.json({ ...message, content, stop_reason: stopReason, usage });
  const event = (type: string, data: Record<string, unknown>) => ({ event: type, data: JSON.stringify({ type, ...data }) });
  return eventStream([
    event('message_start', { message: { ...message, content: [], stop_reason: null, usage: { input_tokens: reply.inputTokens, output_tokens: 0 } } }),
    ...content.flatMap((block, index) => [
      event('content_block_start', { index, content_block: block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} } }),
      event('content_block_delta', {
        index,
        delta: block.type === 'text' ? { type: 'text_delta', text: block.text } : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      }),
      event('content_block_stop', { index }),
    ]),
    event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: reply.outputTokens } }),
    event('message_stop', {}),
  ]);
}

/** A Messages answer as the assistant message a runtime sends back: its content blocks. */
export function messagesAnswerMessage(body: string): Record<string, unknown> | null {
  const events = streamedEvents(body);
  if (events === null) {
    const content = (parsedJson(body) as { content?: unknown } | undefined)?.content;
    return Array.isArray(content) ? { role: 'assistant', content } : null;
  }
  const content = messageContentOfEvents(events);
  return content === null ? null : { role: 'assistant', content };
}
