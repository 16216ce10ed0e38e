import { type CompactionRole, compactionPrefixRoles, type PrefixEntry } from './compaction-prefix';
import { type CuratedEntry, curatedEntries } from './curate-history';
import { type ContentLike, firstText } from './message-parts';
import { isPureReminderMessage } from './reminder';
import type { TranscriptMessage } from './transcript';

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

/** The synthetic prefix of a window source, as Qwen reads it before counting turns. */
export interface WindowSourcePrefix {
  /** The first curated entries of the window source: the prefix is at most five of them. */
  head: CuratedEntry[];
  /** The role of each prefix entry, in order. */
  roles: SyntheticPrefixRole[];
  /** Parent index where turns start being counted: just past the prefix. */
  lower: number;
}

/**
 * The window source's synthetic prefix, found on the curated history after the startup context
 * (`selectForkHistory`): curation merges adjacent user-role messages and drops invalid runs of
 * assistant messages first, so a reminder or a prompt next to a summary is part of its entry.
 */
export function windowSourcePrefix(messages: readonly TranscriptMessage[], startup: number, end: number): WindowSourcePrefix {
  // A reminder and a four-entry compaction prefix at most: read no further.
  const head: CuratedEntry[] = [];
  for (const entry of curatedEntries(messages, startup, end)) {
    head.push(entry);
    if (head.length === 5) break;
  }
  const roles = syntheticPrefixRoles(head);
  const lower = roles.length > 0 ? head[roles.length - 1]!.sources.at(-1)! + 1 : startup;
  return { head, roles, lower };
}
