/**
 * Where Qwen Code's numeric `fork_turns` window starts, written a second time from the rule's
 * statement (docs/fork-rules/qwen-code.md, Q9 to Q13) so that tests can check the engine against
 * it. It shares none of the engine's window code: it works forward in plain passes over the whole
 * transcript, where the engine curates lazily and scans backwards. Slow and plain on purpose.
 *
 * It reuses only what defines the words the rule is written in: which message is a real user turn,
 * how a message's parts are read, and the exact texts of the startup and compaction messages.
 */
import { isRealUserTurn } from '../transcript/classify-messages';
import { COMPACTION_ACKNOWLEDGEMENT, COMPACTION_ATTACHMENT_PREFIXES, COMPACTION_SUMMARY_MARKER } from '../transcript/compaction-prefix';
import { type MessagePart, partsOf } from '../transcript/message-parts';
import { LEGACY_STARTUP_ACKNOWLEDGEMENT } from '../transcript/startup-context';
import type { MessageMeta, ModelMessage, TranscriptMessage } from '../transcript/transcript';

interface Curated {
  role: ModelMessage['role'];
  parts: MessagePart[];
  meta?: MessageMeta;
  /** Parent indexes, ascending. */
  sources: number[];
  real: boolean;
}

const textsOf = (parts: readonly MessagePart[]): string[] => parts.flatMap((part) => (part.type === 'text' ? [(part as { text: string }).text] : []));

const isReminder = (text: string): boolean => /^<system-reminder>[\s\S]*<\/system-reminder>\s*$/.test(text);

/** Q10: a leading message that is nothing but reminders, or the legacy context-and-"Got it" pair. */
export function oracleStartupLength(messages: readonly TranscriptMessage[]): number {
  const [first, second] = messages;
  if (first === undefined) return 0;
  const parts = partsOf(first.message);
  if (first.message.role === 'user' && parts.length > 0 && parts.every((part) => part.type === 'text' && isReminder((part as { text: string }).text))) {
    return 1;
  }
  const reply = second === undefined ? [] : textsOf(partsOf(second.message));
  return first.message.role === 'user' && second?.message.role === 'assistant' && reply[0] === LEGACY_STARTUP_ACKNOWLEDGEMENT ? 2 : 0;
}

/**
 * Q9: drop each run of adjacent assistant messages holding an invalid one, then merge user-role into
 * user-role content (a tool result is user-role content for Qwen).
 */
function curate(messages: readonly TranscriptMessage[], from: number): Curated[] {
  const entries: Curated[] = messages.slice(from).map((entry, k) => ({
    role: entry.message.role === 'tool' ? 'user' : entry.message.role,
    parts: [...partsOf(entry.message)],
    meta: entry.meta,
    sources: [from + k],
    real: isRealUserTurn(entry.message, entry.meta),
  }));
  const invalid = (entry: Curated) =>
    entry.role === 'assistant' && (entry.parts.length === 0 || entry.parts.some((part) => part.type === 'text' && (part as { text: string }).text === ''));
  const dropped = new Set<Curated>();
  for (let start = 0; start < entries.length; ) {
    let end = start;
    while (entries[end]?.role === 'assistant') end++;
    const run = entries.slice(start, end);
    if (run.some(invalid)) for (const entry of run) dropped.add(entry);
    start = Math.max(end, start + 1);
  }
  const curated: Curated[] = [];
  for (const entry of entries) {
    if (dropped.has(entry)) continue;
    const last = curated.at(-1);
    if (last?.role === 'user' && entry.role === 'user') {
      curated[curated.length - 1] = {
        ...last,
        parts: [...last.parts, ...entry.parts],
        sources: [...last.sources, ...entry.sources],
        real: last.real || entry.real,
      };
    } else {
      curated.push(entry);
    }
  }
  return curated;
}

const isPureReminder = (entry: Curated | undefined): boolean =>
  entry?.role === 'user' && entry.parts.length > 0 && entry.parts.every((part) => part.type === 'text' && isReminder((part as { text: string }).text));

/** Q11: summary, its acknowledgement, then optionally an attachment and the tool call replayed after it. */
function compactionPrefixLength(curated: readonly Curated[]): number {
  const [summary, ack, attachment, replay] = curated;
  const isSummary =
    summary?.role === 'user' && (summary.meta?.origin?.compactionSummary === true || textsOf(summary.parts)[0]?.includes(COMPACTION_SUMMARY_MARKER) === true);
  if (!isSummary) return 0;
  if (ack?.role !== 'assistant' || textsOf(ack.parts)[0] !== COMPACTION_ACKNOWLEDGEMENT) return summary.meta?.origin?.compactionSummary === true ? 1 : 0;
  const attached =
    attachment?.role === 'user' && textsOf(attachment.parts).some((text) => COMPACTION_ATTACHMENT_PREFIXES.some((prefix) => text.startsWith(prefix)));
  if (!attached) return 2;
  return replay?.role === 'assistant' && replay.parts.some((part) => part.type === 'tool-call') ? 4 : 3;
}

/**
 * Q11: the window source's synthetic prefix, checked again with compaction in: a pure reminder (and
 * a compaction prefix after it), or a user entry whose reply is the legacy acknowledgement, or a
 * compaction prefix.
 */
function syntheticPrefixLength(curated: readonly Curated[]): number {
  if (curated[0]?.role !== 'user') return 0;
  if (isPureReminder(curated[0])) return 1 + compactionPrefixLength(curated.slice(1));
  if (curated[1]?.role === 'assistant' && textsOf(curated[1].parts)[0] === LEGACY_STARTUP_ACKNOWLEDGEMENT) return 2;
  return compactionPrefixLength(curated);
}

/**
 * Q11 to Q13: the parent index where each real user turn a numeric window can count begins (the
 * first source of its curated entry), ascending, after the startup context and the synthetic prefix.
 */
export function oracleTurnStarts(messages: readonly TranscriptMessage[]): number[] {
  const curated = curate(messages, oracleStartupLength(messages));
  return curated
    .slice(syntheticPrefixLength(curated))
    .filter((entry) => entry.real)
    .map((entry) => entry.sources[0]!);
}

/** Where `fork_turns: "n"` starts: the `n`th turn from the end, the first when fewer, null when none. */
export function oracleWindowStart(messages: readonly TranscriptMessage[], n: number): number | null {
  const starts = oracleTurnStarts(messages);
  return starts.length === 0 ? null : starts[Math.max(0, starts.length - n)]!;
}
