import { isInvalidAssistantMessage } from './invalid-assistant-message';
import { type ContentLike, type MessagePart, partsOf } from './message-parts';
import { isRealUserTurn } from './real-user-turn';
import type { MessageMeta, ModelMessage, TranscriptMessage } from './transcript';

/** One message of a curated entry as the child receives it, and the parent messages it copies. */
export interface CuratedPiece {
  /** A parent message, or a fresh one when adjacent user messages were merged into it. */
  message: ModelMessage;
  meta?: MessageMeta;
  /** Parent indexes, ascending. */
  sources: number[];
}

/**
 * One entry of Qwen's curated history: an assistant (or system) message, or one user-role
 * `Content`. Upstream a tool result is user-role content, so prompts, reminders and tool results
 * next to each other are one entry, and they travel together: a window that starts at the entry
 * takes all of it, and the boundary repair drops all of it. Messages still reference the parent's
 * objects; callers clone before handing them out.
 */
export interface CuratedEntry {
  /**
   * The entry as the rules read it: role `user` for a user-role entry, its parts in order (prompt
   * text, media and tool results alike), where upstream's single `Content` holds them.
   */
  message: ContentLike;
  /** The metadata of the entry's first message. */
  meta?: MessageMeta;
  /**
   * The entry in AI SDK shapes: adjacent user messages merged into one (their parts concatenated);
   * each tool message kept as it is, because the SDK keeps tool results out of user messages.
   */
  pieces: CuratedPiece[];
  /** Parent indexes, ascending. */
  sources: number[];
  /** For a user-role entry: whether any of its messages is a real user turn. */
  real: boolean;
}

/** Whether an entry is user-role content (prompts, reminders, tool results): what Qwen drops at the boundary. */
export function isUserRoleEntry(entry: CuratedEntry): boolean {
  return entry.message.role === 'user';
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

const isUserRole = (role: ModelMessage['role']): boolean => role === 'user' || role === 'tool';

function ownEntry(index: number, { message, meta }: TranscriptMessage): CuratedEntry {
  return { message, meta, pieces: [{ message, meta, sources: [index] }], sources: [index], real: false };
}

/** A user-role entry being built from adjacent user and tool messages. */
class UserRoleEntry {
  readonly entry: CuratedEntry;
  private parts: MessagePart[] | undefined;

  constructor(index: number, { message, meta }: TranscriptMessage) {
    // A lone tool message reads as user-role content, as upstream's functionResponse Content does.
    const view: ContentLike = message.role === 'user' ? message : { role: 'user', content: partsOf(message) };
    this.entry = { message: view, meta, pieces: [{ message, meta, sources: [index] }], sources: [index], real: isRealUserTurn(message, meta) };
  }

  add(index: number, next: TranscriptMessage): void {
    const { entry } = this;
    if (this.parts === undefined) {
      this.parts = [...partsOf(entry.message)];
      entry.message = { role: 'user', content: this.parts };
    }
    this.parts.push(...partsOf(next.message));
    entry.sources.push(index);
    entry.real ||= isRealUserTurn(next.message, next.meta);

    const last = entry.pieces[entry.pieces.length - 1]!;
    if (next.message.role === 'user' && last.message.role === 'user') {
      // First merge into this piece: replace the shared parent message with a fresh one we own.
      if (last.sources.length === 1) last.message = { role: 'user', content: [...partsOf(last.message)] } as ModelMessage;
      (last.message.content as unknown[]).push(...partsOf(next.message));
      last.sources.push(index);
    } else {
      entry.pieces.push({ message: next.message, meta: next.meta, sources: [index] });
    }
  }
}

/**
 * Qwen's curated history of `messages[from, to)` (`extractCuratedHistory`): a run of consecutive
 * assistant messages is dropped whole when any of them is invalid, and user-role content that
 * follows user-role content in what remains is merged into it (`appendCuratedContent`). Dropped
 * parent indexes go to `onDropped`.
 *
 * Lazy, so the numeric window can read just the first few entries of a long history.
 */
export function* curatedEntries(
  messages: readonly TranscriptMessage[],
  from: number,
  to: number,
  onDropped?: (index: number) => void,
): Generator<CuratedEntry, void, undefined> {
  let pending: UserRoleEntry | undefined;
  let index = from;
  while (index < to) {
    const entry = messages[index]!;
    const role = entry.message.role;
    if (role === 'assistant') {
      const { runEnd, valid } = assistantRun(messages, index, to);
      if (valid) {
        if (pending !== undefined) yield pending.entry;
        pending = undefined;
        for (let k = index; k < runEnd; k++) yield ownEntry(k, messages[k]!);
      } else if (onDropped !== undefined) {
        for (let k = index; k < runEnd; k++) onDropped(k);
      }
      index = runEnd;
      continue;
    }
    if (isUserRole(role)) {
      if (pending === undefined) pending = new UserRoleEntry(index, entry);
      else pending.add(index, entry);
      index++;
      continue;
    }
    if (pending !== undefined) yield pending.entry;
    pending = undefined;
    yield ownEntry(index, entry);
    index++;
  }
  if (pending !== undefined) yield pending.entry;
}

/** The whole curated history of `messages[from, to)`. */
export function curateHistory(messages: readonly TranscriptMessage[], from = 0, to = messages.length, onDropped?: (index: number) => void): CuratedEntry[] {
  return [...curatedEntries(messages, from, to, onDropped)];
}

/**
 * Start (parent index) of the curated user-role entry holding the `n`th real user turn from the end
 * of `messages[lower, upper)`, scanning backwards so that only the window is visited. Returns the
 * first real turn when fewer than `n` exist, and null when there is none. `lower` must be the start
 * of a curated entry. The start may be a tool result: it travels with the prompt curation merged it
 * into.
 */
export function findWindowStart(messages: readonly TranscriptMessage[], lower: number, upper: number, n: number): { start: number | null; realTurns: number } {
  let found = 0;
  let earliest: number | null = null;
  let groupStart = -1;
  let groupReal = false;

  // A user-role entry is complete once a message that curation keeps and does not merge precedes it.
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
    if (isUserRole(role)) {
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
      // An invalid run is dropped, so the user-role messages on both sides of it merge.
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
