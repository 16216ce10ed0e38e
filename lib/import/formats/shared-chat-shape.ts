import { isRecord } from '../import-source';
import { messagesWithChatRoles } from './unknown-role';

/**
 * The score OpenAI Chat, Anthropic and AI SDK model messages all give the shape they share
 * (`[{role: 'user' | 'assistant', content: 'text'}]`, text parts alike). It must be the same
 * number in all three so detection reports a tie and the person chooses: the formats differ in
 * what counts as a tool result or a system prompt, so guessing would be a silent mistake.
 */
export const SHARED_CHAT_SHAPE_SCORE = 0.5;

/**
 * {@link SHARED_CHAT_SHAPE_SCORE} when every message has the shape three formats share (only
 * `role` and `content`, the role one of `roles`, the content a string or a list of bare
 * `{type: 'text', text}` parts), and 0 otherwise.
 */
export function sharedChatShapeScore(messages: readonly unknown[], roles: readonly string[]): number {
  return messagesWithChatRoles(messages).every((message) => isPlainChatMessage(message, roles)) ? SHARED_CHAT_SHAPE_SCORE : 0;
}

function isPlainChatMessage(value: unknown, roles: readonly string[]): boolean {
  if (!isRecord(value) || typeof value.role !== 'string' || !roles.includes(value.role)) return false;
  if (Object.keys(value).some((key) => key !== 'role' && key !== 'content')) return false;
  const content = value.content;
  if (typeof content === 'string') return true;
  return (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every(
      (part) => isRecord(part) && part.type === 'text' && typeof part.text === 'string' && Object.keys(part).every((key) => key === 'type' || key === 'text'),
    )
  );
}
