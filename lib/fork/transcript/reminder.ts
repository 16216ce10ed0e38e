import { type ContentLike, partsOf } from './message-parts';

const REMINDER_OPEN = '<system-reminder>';
const REMINDER_CLOSE = '</system-reminder>';

/**
 * A reminder text opens with `<system-reminder>` and, once trailing white space is trimmed, closes
 * with `</system-reminder>`. A reminder glued in front of a prompt in the same part is not one: the
 * part carries the person's words, so it must still count as a turn.
 */
export function isReminderText(text: string): boolean {
  return text.startsWith(REMINDER_OPEN) && text.trimEnd().endsWith(REMINDER_CLOSE);
}

/** A `user` message with at least one part, every part a reminder text. */
export function isPureReminderMessage(message: ContentLike): boolean {
  if (message.role !== 'user') return false;
  const parts = partsOf(message);
  if (parts.length === 0) return false;
  return parts.every((part) => part.type === 'text' && isReminderText((part as { text: string }).text));
}

/** Whether any text part of the message is a reminder text. */
export function containsReminder(message: ContentLike): boolean {
  // A string is one text part: read as it is, not wrapped in a part for every message classified.
  const { content } = message;
  if (typeof content === 'string') return isReminderText(content);
  return content.some((part) => part.type === 'text' && isReminderText((part as { text: string }).text));
}
