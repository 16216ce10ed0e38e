import { type ContentLike, partsOf } from './message-parts';
import { isReminderText } from './reminder';
import type { MessageMeta } from './transcript';

/** Whether the importer marked the message as harness-written or as a summary. */
export function isMarkedSynthetic(meta: MessageMeta | undefined): boolean {
  return meta?.origin?.meta === true || meta?.origin?.compactionSummary === true;
}

/**
 * A real user turn: a `user` message with at least one part that is not a reminder text and is
 * either non-text (an image or file alone counts) or non-blank text. Tool messages, empty
 * messages, whitespace-only prompts, pure reminders and importer-marked meta lines never count:
 * they are not the person asking for something, so they must not use up a turn of the window.
 */
export function isRealUserTurn(message: ContentLike, meta?: MessageMeta): boolean {
  if (message.role !== 'user' || isMarkedSynthetic(meta)) return false;
  for (const part of partsOf(message)) {
    if (part.type === 'tool-result') continue;
    if (part.type !== 'text') return true;
    const text = (part as { text: string }).text;
    if (text.trim().length > 0 && !isReminderText(text)) return true;
  }
  return false;
}
