import { firstText } from '../transcript/message-parts';
import type { TranscriptMessage } from '../transcript/transcript';

/**
 * The openings of the message Deep Agents' summarization puts in place of the turns it summarized
 * (`buildSummaryMessage` in dist/langsmith-Bgi_Ta-k.js): with the path it offloaded them to, or,
 * when that failed, without. On the wire it is a user message; only its `lc_source` (which no
 * request carries) tells it from a person's prompt.
 */
const SUMMARY_OPENINGS = ['You are in the middle of a conversation that has been summarized.', 'Here is a summary of the conversation to date:\n\n'];

/**
 * Whether the parent's first message is that summary. A parent's request after a summarization is
 * already what `getEffectiveMessages` makes of its state (the summary, then the messages from the
 * cutoff), and that is what a fork inherits; Fork Lab copies it as it is and only names it.
 */
export function isSummaryMessage(entry: TranscriptMessage | undefined): boolean {
  if (entry === undefined || entry.message.role !== 'user') return false;
  const text = firstText(entry.message);
  return text !== undefined && SUMMARY_OPENINGS.some((opening) => text.startsWith(opening));
}
