import { type ContentLike, firstText, hasToolCalls, partsOf } from './message-parts';
import type { MessageMeta } from './transcript';

/** Text the compaction summary's user message contains. */
export const COMPACTION_SUMMARY_MARKER = 'Resume the prior task';
/** The assistant's reply that follows a compaction summary. */
export const COMPACTION_ACKNOWLEDGEMENT = 'Got it. Thanks for the additional context!';

/** Openings of the user attachment a runtime may put right after the acknowledgement. */
export const COMPACTION_ATTACHMENT_PREFIXES: readonly string[] = [
  '<plan-mode-active>',
  '<background-tasks>',
  'The following files were recently accessed before context was compacted.',
  'Recently accessed file (full current content embedded):',
  'Recent visual snapshots preserved from before context was compacted',
];

export type CompactionRole = 'summary' | 'acknowledgement' | 'attachment' | 'attachment-call';

/** A message, or one entry of a curated history, with its metadata. */
export interface PrefixEntry {
  message: ContentLike;
  meta?: MessageMeta;
}

/** A compaction summary: marked by the importer, or a user message reading the runtime's marker. */
export function isCompactionSummary(entry: PrefixEntry): boolean {
  if (entry.message.role !== 'user') return false;
  if (entry.meta?.origin?.compactionSummary === true) return true;
  return firstText(entry.message)?.includes(COMPACTION_SUMMARY_MARKER) === true;
}

/** The user attachment a runtime may put right after a compaction's acknowledgement. */
export function isCompactionAttachment(message: ContentLike): boolean {
  if (message.role !== 'user') return false;
  return partsOf(message).some(
    (part) => part.type === 'text' && COMPACTION_ATTACHMENT_PREFIXES.some((prefix) => (part as { text: string }).text.startsWith(prefix)),
  );
}

/**
 * The roles of the compacted-history prefix starting at `offset`, or `[]` when there is none.
 *
 * The textual form is `[summary, acknowledgement]`, growing with an attachment and then an
 * assistant tool call the runtime replays after compaction. An importer may mark a summary that has
 * no acknowledgement (Claude Code writes it as a lone user line); it is a prefix of length 1 then.
 */
export function compactionPrefixRoles(entries: readonly PrefixEntry[], offset: number): CompactionRole[] {
  const summary = entries[offset];
  if (summary === undefined || !isCompactionSummary(summary)) return [];
  const ack = entries[offset + 1]?.message;
  const acknowledged = ack?.role === 'assistant' && firstText(ack) === COMPACTION_ACKNOWLEDGEMENT;
  if (!acknowledged) {
    return summary.meta?.origin?.compactionSummary === true ? ['summary'] : [];
  }
  const roles: CompactionRole[] = ['summary', 'acknowledgement'];
  const attachment = entries[offset + 2]?.message;
  if (attachment === undefined || !isCompactionAttachment(attachment)) return roles;
  roles.push('attachment');
  const replay = entries[offset + 3]?.message;
  if (replay?.role === 'assistant' && hasToolCalls(replay)) roles.push('attachment-call');
  return roles;
}

/** Length (0–4) of the compacted-history prefix starting at `offset`. */
export function compactionPrefixLength(entries: readonly PrefixEntry[], offset: number): number {
  return compactionPrefixRoles(entries, offset).length;
}
