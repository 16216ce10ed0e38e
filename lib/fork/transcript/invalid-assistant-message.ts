import { partsOf } from './message-parts';
import type { ModelMessage } from './transcript';

/**
 * An assistant message the runtime would refuse to replay: no parts, an empty part, or empty text
 * that is neither reasoning nor a tool call (Qwen's `isValidContent` in `geminiChat.ts`). Curation
 * drops the whole run of assistant messages holding one, so such a run answers nothing and the
 * user-role content on both sides of it is one entry: one turn.
 */
export function isInvalidAssistantMessage(message: ModelMessage): boolean {
  if (message.role !== 'assistant') return false;
  // A string is one text part, or none when empty: either way invalid only when empty.
  if (typeof message.content === 'string') return message.content.length === 0;
  const parts = partsOf(message);
  if (parts.length === 0) return true;
  return parts.some((part) => part.type === 'text' && (part as { text: string }).text.length === 0);
}
