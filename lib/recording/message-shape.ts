import { joinedText, type ModelMessage } from '@/lib/fork';

/** A message's text, its parts' texts joined. */
export const text: (message: ModelMessage) => string = joinedText;

/**
 * The expected message written the way the runtime wrote its own: one text as a string or as a
 * part (a Responses item always holds parts; Chat Completions may hold either), which the
 * provider reads alike. A difference is then reported at a path of the request as sent.
 */
export function inShapeOf(expected: ModelMessage, sent: ModelMessage | undefined): ModelMessage {
  if (sent === undefined || expected.role === 'system' || expected.role !== sent.role) return expected;
  if (typeof expected.content === 'string' && Array.isArray(sent.content))
    return { ...expected, content: [{ type: 'text', text: expected.content }] } as ModelMessage;
  const [only] = Array.isArray(expected.content) ? expected.content : [];
  if (typeof sent.content === 'string' && expected.content.length === 1 && only?.type === 'text') return { ...expected, content: only.text } as ModelMessage;
  return expected;
}

/** A message with one text always as a part, so two writings of it compare equal. */
export function canonical(message: ModelMessage): ModelMessage {
  return typeof message.content === 'string' && message.role !== 'system'
    ? ({ ...message, content: [{ type: 'text', text: message.content }] } as ModelMessage)
    : message;
}

/** A message written out as the provider reads it: two messages read alike have the same key. */
export function messageKey(message: ModelMessage): string {
  return JSON.stringify(canonical(message));
}
