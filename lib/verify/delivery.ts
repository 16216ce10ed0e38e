/*
 * Whether a fork's result reached its parent once. A runtime whose parent waits answers the call
 * that started the fork with it (Kimi Code, DeepSeek Harness, Deep Agents); the others deliver it
 * as a message of its own in the parent's next requests: Qwen Code and Claude Code a
 * <task-notification> naming the call (`<tool-use-id>…</tool-use-id>`) in a user turn, Codex an
 * agent_message item `Message Type: FINAL_ANSWER`. The parent's last request holds every delivery
 * so far: exactly one is delivered, none is missing, more than one is repeated.
 */

export type Delivery = 'delivered' | 'missing' | 'repeated';

type Json = Record<string, unknown>;

function texts(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: Json) => (typeof part?.text === 'string' ? [part.text] : []));
}

/** The texts a request's user turns and agent messages hold, one entry per message or item. */
function deliveredTexts(body: Json): string[] {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const items = Array.isArray(body.input) ? (body.input as Json[]) : [];
  return [
    ...messages.filter((message) => message.role === 'user').map((message) => texts(message.content).join('\n')),
    ...items.filter((item) => (item.type === 'message' || item.type === undefined) && item.role === 'user').map((item) => texts(item.content).join('\n')),
    ...items.filter((item) => item.type === 'agent_message').map((item) => texts(item.content).join('\n')),
  ];
}

/** The answers a request carries to the call `toolCallId`, in whichever API's shape it was sent. */
function callAnswers(body: Json, toolCallId: string): string[] {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const items = Array.isArray(body.input) ? (body.input as Json[]) : [];
  const chat = messages.filter((message) => message.role === 'tool' && message.tool_call_id === toolCallId).map((message) => texts(message.content).join('\n'));
  const blocks = messages.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as Json[])
          .filter((block) => block.type === 'tool_result' && block.tool_use_id === toolCallId)
          .map((block) => texts(block.content).join('\n'))
      : [],
  );
  const responses = items.filter((item) => item.type === 'function_call_output' && item.call_id === toolCallId).map((item) => String(item.output ?? ''));
  return [...chat, ...blocks, ...responses];
}

/** How the fork started by `toolCallId` was delivered in the parent's last request (its body as sent). */
export function deliveryIn(lastParentRequest: string, toolCallId: string, arrives: 'as-call-result' | 'as-message'): { delivery: Delivery; count: number } {
  let body: Json;
  try {
    body = JSON.parse(lastParentRequest) as Json;
  } catch {
    return { delivery: 'missing', count: 0 };
  }
  const notification = `<tool-use-id>${toolCallId}</tool-use-id>`;
  const count =
    arrives === 'as-call-result'
      ? callAnswers(body, toolCallId).filter((text) => text.trim() !== '').length
      : deliveredTexts(body).filter((text) => text.includes(notification) || text.startsWith('Message Type: FINAL_ANSWER')).length;
  return { delivery: count === 0 ? 'missing' : count === 1 ? 'delivered' : 'repeated', count };
}
