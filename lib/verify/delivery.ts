import { contentTexts, toolResultTexts } from '@/lib/wire/tool-calls';

/*
 * Whether a fork's result reached its parent once. A runtime whose parent waits answers the call
 * that started the fork with it (Kimi Code, DeepSeek Harness, Deep Agents); the others deliver it
 * as a message of its own in the parent's next requests: Qwen Code and Claude Code a
 * <task-notification> naming the call (`<tool-use-id>…</tool-use-id>`) in a user turn, Codex an
 * agent_message item `Message Type: FINAL_ANSWER`. The parent's last request holds every delivery
 * so far: exactly one is delivered, none is missing, more than one is repeated — two notifications
 * in one message count as two.
 */

export type Delivery = 'delivered' | 'missing' | 'repeated';

type Json = Record<string, unknown>;

/** The texts a request's user turns and agent messages hold, one entry per message or item. */
function deliveredTexts(body: Json): string[] {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const items = Array.isArray(body.input) ? (body.input as Json[]) : [];
  return [
    ...messages.filter((message) => message.role === 'user').map((message) => contentTexts(message.content).join('\n')),
    ...items
      .filter((item) => (item.type === 'message' || item.type === undefined) && item.role === 'user')
      .map((item) => contentTexts(item.content).join('\n')),
    ...items.filter((item) => item.type === 'agent_message').map((item) => contentTexts(item.content).join('\n')),
  ];
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
      ? toolResultTexts(body, toolCallId).filter((text) => text.trim() !== '').length
      : deliveredTexts(body).reduce((sum, text) => sum + (text.startsWith('Message Type: FINAL_ANSWER') ? 1 : text.split(notification).length - 1), 0);
  return { delivery: count === 0 ? 'missing' : count === 1 ? 'delivered' : 'repeated', count };
}

/** The last request of the parent's runtime session (the one its fork was called from): the one that holds every delivery so far. */
export function lastParentRequestId(sessions: readonly { captureIds: readonly number[] }[], parentId: number): number {
  const session = sessions.find((candidate) => candidate.captureIds.includes(parentId));
  return Math.max(parentId, ...(session?.captureIds ?? []));
}
