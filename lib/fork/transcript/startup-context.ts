import { type CompactionRole, compactionPrefixRoles, type PrefixEntry } from './compaction-prefix';
import { type ContentLike, firstText } from './message-parts';
import { isPureReminderMessage } from './reminder';

/** The assistant's reply that closes the legacy two-message startup block. */
export const LEGACY_STARTUP_ACKNOWLEDGEMENT = 'Got it. Thanks for the context!';

/**
 * How many leading messages are the runtime's startup context: 1 when message 0 is a pure
 * reminder, 2 for the legacy `[user, "Got it. Thanks for the context!"]` pair, otherwise 0.
 */
export function startupContextLength(messages: readonly { message: ContentLike }[]): 0 | 1 | 2 {
  const first = messages[0]?.message;
  if (first === undefined) return 0;
  if (isPureReminderMessage(first)) return 1;
  const second = messages[1]?.message;
  if (first.role === 'user' && second?.role === 'assistant' && firstText(second) === LEGACY_STARTUP_ACKNOWLEDGEMENT) {
    return 2;
  }
  return 0;
}

/** What each entry of a synthetic prefix is. */
export type SyntheticPrefixRole = 'startup-reminder' | 'legacy-context' | 'legacy-acknowledgement' | CompactionRole;

/**
 * The synthetic prefix Qwen skips before it counts real user turns: its
 * `getStartupContextLength(history, { includeCompressed: true })`, which `selectForkHistory` runs
 * on the window source (the curated history after the startup context was cut off). A pure
 * reminder is skipped with any compaction prefix after it; else a user entry followed by an
 * assistant entry reading exactly the legacy acknowledgement is a legacy pair, whatever the user
 * entry says; else a compaction prefix. Each role is the role of one entry.
 */
export function syntheticPrefixRoles(entries: readonly PrefixEntry[]): SyntheticPrefixRole[] {
  const first = entries[0]?.message;
  if (first?.role !== 'user') return [];
  if (isPureReminderMessage(first)) return ['startup-reminder', ...compactionPrefixRoles(entries, 1)];
  const second = entries[1]?.message;
  if (second?.role === 'assistant' && firstText(second) === LEGACY_STARTUP_ACKNOWLEDGEMENT) return ['legacy-context', 'legacy-acknowledgement'];
  return compactionPrefixRoles(entries, 0);
}
