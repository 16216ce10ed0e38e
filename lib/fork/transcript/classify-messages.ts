import type { CompactionRole } from './compaction-prefix';
import { compactionPrefixRoles } from './compaction-prefix';
import { isInvalidAssistantMessage } from './invalid-assistant-message';
import { type ContentLike, firstText, partsOf, toolCallsOf } from './message-parts';
import { containsReminder, isPureReminderMessage, isReminderText } from './reminder';
import { LEGACY_STARTUP_ACKNOWLEDGEMENT, startupContextLength } from './startup-context';
import type { MessageMeta, ModelMessage, TranscriptMessage } from './transcript';

/** What a message is, for the purpose of choosing what a fork inherits. */
export type MessageKind =
  | 'real-user-turn'
  | 'startup-context'
  | 'compaction-summary'
  | 'compaction-acknowledgement'
  | 'compaction-attachment'
  | 'compaction-attachment-call'
  | 'pure-reminder'
  | 'reminder'
  | 'tool-call'
  | 'tool-result'
  | 'assistant'
  | 'system'
  | 'other';

export interface MessageClassification {
  index: number;
  id: string;
  kind: MessageKind;
  /** For a real user turn: its number counted from the end, -1 for the latest. */
  turnFromEnd?: number;
  /**
   * For a real user turn: the earlier prompt whose turn this one continues (its index). Prompts
   * with no reply between them are one turn — curation makes them one message before a window is
   * counted — so they share a number, and a window starts at the first of them.
   */
  continuesTurnAt?: number;
  /** Whether any text part is a reminder (a real turn can carry one in a separate part). */
  hasReminder: boolean;
  /** Why a message fell into `other` (an empty user message, a whitespace-only prompt, …). */
  note?: string;
  /**
   * For a real prompt a turn window does not count (so it has no `turnFromEnd`): why. Curation
   * merged it into a synthetic prefix that the window source skips before counting turns.
   */
  uncounted?: string;
}

const COMPACTION_KIND: Record<CompactionRole, MessageKind> = {
  summary: 'compaction-summary',
  acknowledgement: 'compaction-acknowledgement',
  attachment: 'compaction-attachment',
  'attachment-call': 'compaction-attachment-call',
};

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

/** Whether an assistant message carries anything: a call, or text or reasoning that is not blank. */
function userNote(message: ModelMessage, meta: MessageMeta | undefined): string {
  if (meta?.origin?.meta === true) return 'marked meta by the importer: not a person’s prompt';
  if (meta?.origin?.compactionSummary === true) return 'marked as a compaction summary by the importer';
  const parts = partsOf(message);
  if (parts.length === 0) return 'empty user message';
  return 'whitespace-only prompt';
}

const SWALLOWED_BY_PREFIX =
  'not counted as a turn: curation merged this prompt into the compaction prefix before it (adjacent user-role messages are one entry), and the prefix is skipped before turns are counted';
const LEGACY_PAIR_QUIRK =
  'not counted as a turn: the reply after it reads exactly “Got it. Thanks for the context!”, so Qwen takes the two for the legacy startup pair and skips them before counting turns';

const isUserRole = (message: ModelMessage) => message.role === 'user' || message.role === 'tool';

/**
 * The user-role messages curation makes one entry of, starting at `from` (user-role content runs
 * on across a dropped run of assistant messages), and the index of the first message it keeps
 * after them.
 */
function userRoleEntry(messages: readonly TranscriptMessage[], from: number): { members: number[]; next: number } {
  const members: number[] = [];
  let index = from;
  while (index < messages.length) {
    const { message } = messages[index]!;
    if (isUserRole(message)) {
      members.push(index++);
      continue;
    }
    if (message.role !== 'assistant') break;
    let runEnd = index;
    let valid = true;
    for (; runEnd < messages.length && messages[runEnd]!.message.role === 'assistant'; runEnd++) {
      if (isInvalidAssistantMessage(messages[runEnd]!.message)) valid = false;
    }
    if (valid) break;
    index = runEnd;
  }
  return { members, next: index };
}

/**
 * Real prompts that curation merges into a synthetic prefix of the window source (what comes
 * after the startup context), which Qwen skips before it counts turns: prompts right after a
 * compaction prefix that ends in user-role content, and a prompt whose reply reads exactly the
 * legacy startup acknowledgement (`getStartupContextLength(…, { includeCompressed: true })`).
 */
function promptsInPrefix(messages: readonly TranscriptMessage[], startup: number, compaction: readonly CompactionRole[]): Map<number, string> {
  const uncounted = new Map<number, string>();
  const mark = (members: readonly number[], reason: string) => {
    for (const index of members) if (isRealUserTurn(messages[index]!.message, messages[index]!.meta)) uncounted.set(index, reason);
  };
  const last = compaction.at(-1);
  if (last === 'summary' || last === 'attachment') mark(userRoleEntry(messages, startup + compaction.length).members, SWALLOWED_BY_PREFIX);
  if (compaction.length === 0) {
    const { members, next } = userRoleEntry(messages, startup);
    const reply = messages[next]?.message;
    if (members.length > 0 && reply?.role === 'assistant' && firstText(reply) === LEGACY_STARTUP_ACKNOWLEDGEMENT) mark(members, LEGACY_PAIR_QUIRK);
  }
  return uncounted;
}

/**
 * Classify every message of a transcript and number its real user turns from the end.
 * Linear in the transcript's length.
 */
export function classifyMessages(messages: readonly TranscriptMessage[]): MessageClassification[] {
  const startup = startupContextLength(messages);
  const compaction = compactionPrefixRoles(messages, startup);
  const uncounted = promptsInPrefix(messages, startup, compaction);
  const result: MessageClassification[] = new Array(messages.length);
  /** The first prompt of each turn, and which turn every real user message belongs to. */
  const turnStarts: number[] = [];
  const turnOf = new Map<number, number>();
  let repliedSinceTurn = true;
  /** Whether the run of assistant messages being read is one curation keeps: only a kept reply separates turns. */
  let run: { valid: boolean } | null = null;

  for (let index = 0; index < messages.length; index++) {
    const { id, message, meta } = messages[index]!;
    if (run !== null && message.role !== 'assistant') {
      if (run.valid) repliedSinceTurn = true;
      run = null;
    }
    const hasReminder = containsReminder(message);
    const base = { index, id, hasReminder };
    if (index < startup) {
      result[index] = { ...base, kind: 'startup-context' };
      continue;
    }
    const compactionRole = compaction[index - startup];
    if (compactionRole !== undefined) {
      result[index] = { ...base, kind: COMPACTION_KIND[compactionRole] };
      continue;
    }
    switch (message.role) {
      case 'system':
        result[index] = { ...base, kind: 'system' };
        repliedSinceTurn = true;
        break;
      case 'tool':
        result[index] = { ...base, kind: 'tool-result' };
        break;
      case 'assistant':
        result[index] = {
          ...base,
          kind: toolCallsOf(message).length > 0 ? 'tool-call' : 'assistant',
        };
        // Curation drops a run of assistant messages whole when one of them is invalid (an empty
        // text, say): the prompts on both sides of it then merge into one entry, one turn.
        run ??= { valid: true };
        run.valid &&= !isInvalidAssistantMessage(message);
        break;
      case 'user':
        if (meta?.origin?.compactionSummary === true) {
          result[index] = { ...base, kind: 'compaction-summary' };
        } else if (uncounted.has(index)) {
          result[index] = { ...base, kind: 'real-user-turn', uncounted: uncounted.get(index)! };
        } else if (isRealUserTurn(message, meta)) {
          result[index] = { ...base, kind: 'real-user-turn' };
          if (repliedSinceTurn) turnStarts.push(index);
          else result[index]!.continuesTurnAt = turnStarts.at(-1)!;
          turnOf.set(index, turnStarts.length - 1);
          repliedSinceTurn = false;
        } else if (isPureReminderMessage(message)) {
          result[index] = { ...base, kind: 'pure-reminder' };
        } else if (hasReminder) {
          result[index] = { ...base, kind: 'reminder' };
        } else {
          result[index] = { ...base, kind: 'other', note: userNote(message, meta) };
        }
        break;
    }
  }

  for (const [index, turn] of turnOf) result[index]!.turnFromEnd = turn - turnStarts.length;
  return result;
}
