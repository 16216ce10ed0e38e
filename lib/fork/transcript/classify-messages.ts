import { isCompactionAttachment, isCompactionSummary } from './compaction-prefix';
import { isInvalidAssistantMessage } from './invalid-assistant-message';
import { hasToolCalls, partsOf } from './message-parts';
import { isRealUserTurn } from './real-user-turn';
import { containsReminder, isPureReminderMessage } from './reminder';
import { type SyntheticPrefixRole, startupContextLength, windowSourcePrefix } from './startup-context';
import type { MessageMeta, ModelMessage, TranscriptMessage } from './transcript';

export { isMarkedSynthetic, isRealUserTurn } from './real-user-turn';

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

/** The kind of a prefix entry's own message, by the entry's role (a reminder or prompt merged into it keeps its own). */
function prefixKind(role: SyntheticPrefixRole, { message, meta }: TranscriptMessage): MessageKind | undefined {
  switch (role) {
    case 'summary':
      return isCompactionSummary({ message, meta }) ? 'compaction-summary' : undefined;
    case 'acknowledgement':
      return 'compaction-acknowledgement';
    case 'attachment':
      return isCompactionAttachment(message) ? 'compaction-attachment' : undefined;
    case 'attachment-call':
      return 'compaction-attachment-call';
    default:
      return undefined;
  }
}

/**
 * The window source's synthetic prefix (after the startup context), found as Qwen finds it: on the
 * curated history, so a reminder or a prompt curation merges into a summary or an attachment is part
 * of it. Its messages' kinds, the real prompts in it (not counted as turns, and why), and where
 * counting starts.
 */
function prefixMarks(
  messages: readonly TranscriptMessage[],
  startup: number,
): { kinds: Map<number, MessageKind>; uncounted: Map<number, string>; lower: number } {
  const { head, roles, lower } = windowSourcePrefix(messages, startup, messages.length);
  const kinds = new Map<number, MessageKind>();
  const uncounted = new Map<number, string>();
  roles.forEach((role, k) => {
    for (const index of head[k]!.sources) {
      const entry = messages[index]!;
      const kind = prefixKind(role, entry);
      if (kind !== undefined) kinds.set(index, kind);
      else if (isRealUserTurn(entry.message, entry.meta)) uncounted.set(index, role === 'legacy-context' ? LEGACY_PAIR_QUIRK : SWALLOWED_BY_PREFIX);
    }
  });
  return { kinds, uncounted, lower };
}

/**
 * Classify every message of a transcript and number its real user turns from the end.
 * Linear in the transcript's length.
 */
export function classifyMessages(messages: readonly TranscriptMessage[]): MessageClassification[] {
  const startup = startupContextLength(messages);
  const prefix = prefixMarks(messages, startup);
  const result: MessageClassification[] = new Array(messages.length);
  /** The first prompt of each turn, and which turn every real user message belongs to. */
  const turnStarts: number[] = [];
  const turnOf = new Map<number, number>();
  let repliedSinceTurn = true;
  /** Whether the run of assistant messages being read is one curation keeps: only a kept reply separates turns. */
  let run: { valid: boolean } | null = null;

  for (let index = 0; index < messages.length; index++) {
    const { id, message, meta } = messages[index]!;
    // Turns are counted from the end of the synthetic prefix, as the window counts them.
    if (index === prefix.lower) {
      repliedSinceTurn = true;
      run = null;
    }
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
    const prefixKindHere = prefix.kinds.get(index);
    if (prefixKindHere !== undefined) {
      result[index] = { ...base, kind: prefixKindHere };
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
          kind: hasToolCalls(message) ? 'tool-call' : 'assistant',
        };
        // Curation drops a run of assistant messages whole when one of them is invalid (an empty
        // text, say): the prompts on both sides of it then merge into one entry, one turn.
        run ??= { valid: true };
        run.valid &&= !isInvalidAssistantMessage(message);
        break;
      case 'user':
        if (meta?.origin?.compactionSummary === true) {
          result[index] = { ...base, kind: 'compaction-summary' };
        } else if (prefix.uncounted.has(index)) {
          result[index] = { ...base, kind: 'real-user-turn', uncounted: prefix.uncounted.get(index)! };
        } else if (isRealUserTurn(message, meta) && index >= prefix.lower) {
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
