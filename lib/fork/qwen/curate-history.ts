import { isRealUserTurn } from '../transcript/classify-messages';
import { partsOf } from '../transcript/message-parts';
import type { MessageMeta, ModelMessage, TranscriptMessage } from '../transcript/transcript';

/**
 * One entry of Qwen's curated history: a parent message, or several adjacent user messages merged
 * into one. `message` still references the parent's objects; callers clone before handing it out.
 */
export interface CuratedEntry {
  message: ModelMessage;
  meta?: MessageMeta;
  /** Parent indexes, ascending; more than one when user messages were merged. */
  sources: number[];
  /** For a user entry: whether any merged source is a real user turn. */
  real: boolean;
}

/**
 * An assistant message the runtime would refuse to replay: no parts, an empty part, or empty text
 * that is neither reasoning nor a tool call.
 */
export function isInvalidAssistantMessage(message: ModelMessage): boolean {
  if (message.role !== 'assistant') return false;
  const parts = partsOf(message);
  if (parts.length === 0) return true;
  return parts.some((part) => part.type === 'text' && (part as { text: string }).text.length === 0);
}

/** End (exclusive) of the run of assistant messages starting at `start`, and whether it is valid. */
function assistantRun(messages: readonly TranscriptMessage[], start: number, end: number): { runEnd: number; valid: boolean } {
  let runEnd = start;
  let valid = true;
  while (runEnd < end && messages[runEnd]!.message.role === 'assistant') {
    if (valid && isInvalidAssistantMessage(messages[runEnd]!.message)) valid = false;
    runEnd++;
  }
  return { runEnd, valid };
}

function mergeUserEntries(target: CuratedEntry, index: number, next: TranscriptMessage): void {
  if (target.sources.length === 1) {
    // First merge: replace the shared parent message with a fresh one we own.
    target.message = { role: 'user', content: [...partsOf(target.message)] } as ModelMessage;
  }
  (target.message.content as unknown[]).push(...partsOf(next.message));
  target.sources.push(index);
  target.real ||= isRealUserTurn(next.message, next.meta);
}

/**
 * Qwen's curated history of `messages[from, to)`: a run of consecutive assistant messages is
 * dropped whole when any of them is invalid, and a user message that follows a user message in
 * what remains is merged into it (parts concatenated). Dropped parent indexes go to `onDropped`.
 *
 * Lazy, so the numeric window can read just the first few entries of a long history.
 */
export function* curatedEntries(
  messages: readonly TranscriptMessage[],
  from: number,
  to: number,
  onDropped?: (index: number) => void,
): Generator<CuratedEntry, void, undefined> {
  let pending: CuratedEntry | undefined;
  let index = from;
  while (index < to) {
    const entry = messages[index]!;
    const role = entry.message.role;
    if (role === 'assistant') {
      const { runEnd, valid } = assistantRun(messages, index, to);
      if (valid) {
        if (pending !== undefined) yield pending;
        pending = undefined;
        for (let k = index; k < runEnd; k++) {
          yield { message: messages[k]!.message, meta: messages[k]!.meta, sources: [k], real: false };
        }
      } else if (onDropped !== undefined) {
        for (let k = index; k < runEnd; k++) onDropped(k);
      }
      index = runEnd;
      continue;
    }
    if (role === 'user') {
      if (pending !== undefined) {
        mergeUserEntries(pending, index, entry);
      } else {
        pending = {
          message: entry.message,
          meta: entry.meta,
          sources: [index],
          real: isRealUserTurn(entry.message, entry.meta),
        };
      }
      index++;
      continue;
    }
    if (pending !== undefined) yield pending;
    pending = undefined;
    yield { message: entry.message, meta: entry.meta, sources: [index], real: false };
    index++;
  }
  if (pending !== undefined) yield pending;
}

/** The whole curated history of `messages[from, to)`. */
export function curateHistory(messages: readonly TranscriptMessage[], from = 0, to = messages.length, onDropped?: (index: number) => void): CuratedEntry[] {
  return [...curatedEntries(messages, from, to, onDropped)];
}

/**
 * Start (parent index) of the curated user entry holding the `n`th real user turn from the end of
 * `messages[lower, upper)`, scanning backwards so that only the window is visited. Returns the
 * first real turn when fewer than `n` exist, and null when there is none. `lower` must be the start
 * of a curated entry.
 */
export function findWindowStart(messages: readonly TranscriptMessage[], lower: number, upper: number, n: number): { start: number | null; realTurns: number } {
  let found = 0;
  let earliest: number | null = null;
  let groupStart = -1;
  let groupReal = false;

  // A user entry is complete once a message that curation keeps and does not merge precedes it.
  const closeGroup = (): boolean => {
    if (groupStart >= 0 && groupReal) {
      found++;
      earliest = groupStart;
    }
    groupStart = -1;
    groupReal = false;
    return found >= n;
  };

  let index = upper - 1;
  while (index >= lower) {
    const entry = messages[index]!;
    const role = entry.message.role;
    if (role === 'user') {
      groupStart = index;
      groupReal ||= isRealUserTurn(entry.message, entry.meta);
      index--;
      continue;
    }
    if (role === 'assistant') {
      let runStart = index;
      let valid = true;
      while (runStart >= lower && messages[runStart]!.message.role === 'assistant') {
        if (valid && isInvalidAssistantMessage(messages[runStart]!.message)) valid = false;
        runStart--;
      }
      // An invalid run is dropped, so the user messages on both sides of it merge.
      if (valid && closeGroup()) return { start: earliest, realTurns: found };
      index = runStart;
      continue;
    }
    if (closeGroup()) return { start: earliest, realTurns: found };
    index--;
  }
  closeGroup();
  return { start: earliest, realTurns: found };
}
