import { firstText } from './message-parts';
import { isPureReminderMessage } from './reminder';
import type { ModelMessage } from './transcript';

/** The assistant's reply that closes the legacy two-message startup block. */
export const LEGACY_STARTUP_ACKNOWLEDGEMENT = 'Got it. Thanks for the context!';

/**
 * How many leading messages are the runtime's startup context: 1 when message 0 is a pure
 * reminder, 2 for the legacy `[user, "Got it. Thanks for the context!"]` pair, otherwise 0.
 */
export function startupContextLength(messages: readonly { message: ModelMessage }[]): 0 | 1 | 2 {
  const first = messages[0]?.message;
  if (first === undefined) return 0;
  if (isPureReminderMessage(first)) return 1;
  const second = messages[1]?.message;
  if (first.role === 'user' && second?.role === 'assistant' && firstText(second) === LEGACY_STARTUP_ACKNOWLEDGEMENT) {
    return 2;
  }
  return 0;
}
