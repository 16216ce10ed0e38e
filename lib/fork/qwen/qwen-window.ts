import type { DispositionReason } from '../fork-plan';
import { SpanDispositions } from '../planning/span-dispositions';
import { isRealUserTurn } from '../transcript/classify-messages';
import { type CuratedEntry, curateHistory, findWindowStart } from '../transcript/curate-history';
import { type SyntheticPrefixRole, startupContextLength, type WindowSourcePrefix, windowSourcePrefix } from '../transcript/startup-context';
import type { TranscriptMessage } from '../transcript/transcript';
import { mergeStartupAtSend, type WireStartup, wireStartup } from './startup-at-send';

/** Excluded parent messages between the startup prefix and the window, with why. */
export interface Segment {
  start: number;
  end: number;
  reason: Extract<DispositionReason, 'compaction-summary-outside-window' | 'dropped-by-curation' | 'before-window'>;
  /** Said instead of the reason's usual words, when this case needs its own. */
  detail?: string;
}

export interface Selection {
  entries: CuratedEntry[];
  /** Length of the startup prefix kept in front of the window (numeric windows only). */
  startup: number;
  /** Excluded parent messages between the startup prefix and the window. */
  skipped: Segment[];
  /** Dispositions of the selected span, finished after boundary repair. */
  span: SpanDispositions;
  windowStart: number | null;
  description: string;
  /** Qwen's own quirks this selection ran into, in words (a prompt it did not count, and why). */
  quirks: string[];
  /** What a kept startup row says instead of the usual words (a startup read out of a request's first message). */
  startupDetail?: string;
}

/** Merges curation made inside the span: a user-role entry of several messages travels as one. */
function markMerged(span: SpanDispositions, entries: readonly CuratedEntry[]): void {
  for (const entry of entries) {
    if (entry.sources.length > 1) for (const index of entry.sources) span.set(index, 'inherited', 'merged-by-curation');
  }
}

/**
 * `all`: the curated history, startup included. Curation runs over the whole history here, so a
 * startup reminder followed by the first prompt is merged into one entry, as the runtime does.
 */
export function selectAll(messages: readonly TranscriptMessage[], end: number): Selection {
  const span = new SpanDispositions(0, end, { status: 'inherited', reason: 'in-window' });
  const entries = curateHistory(messages, 0, end, (index) => span.set(index, 'excluded', 'dropped-by-curation'));
  markMerged(span, entries);
  return {
    entries,
    startup: 0,
    skipped: [],
    span,
    windowStart: end > 0 ? 0 : null,
    description: 'fork_turns "all": the whole curated history',
    quirks: [],
  };
}

const LEGACY_QUIRK_DETAIL =
  'Qwen quirk: the reply to this prompt reads exactly “Got it. Thanks for the context!”, the legacy startup acknowledgement, so Qwen takes the two for a startup pair and skips them before counting turns';
const PROMPT_IN_PREFIX_DETAIL =
  'a prompt curation merged into the compaction prefix before it (adjacent user-role messages are one entry): skipped with the prefix, so not counted as a turn and not inherited';

const PREFIX_REASON: Record<SyntheticPrefixRole, { reason: Segment['reason']; detail?: string }> = {
  'startup-reminder': { reason: 'before-window', detail: 'a reminder opening the window source: Qwen skips it as startup context before counting turns' },
  'legacy-context': { reason: 'before-window', detail: LEGACY_QUIRK_DETAIL },
  'legacy-acknowledgement': { reason: 'before-window', detail: LEGACY_QUIRK_DETAIL },
  summary: { reason: 'compaction-summary-outside-window' },
  acknowledgement: { reason: 'compaction-summary-outside-window' },
  attachment: { reason: 'compaction-summary-outside-window' },
  'attachment-call': { reason: 'compaction-summary-outside-window' },
};

/** The parent indexes of real user turns among `indexes`. */
function realPrompts(messages: readonly TranscriptMessage[], indexes: readonly number[]): number[] {
  return indexes.filter((index) => isRealUserTurn(messages[index]!.message, messages[index]!.meta));
}

/** Prompts curation merged into a compaction summary or attachment: every real turn after its first message. */
function swallowedPrompts(messages: readonly TranscriptMessage[], roles: readonly SyntheticPrefixRole[], head: readonly CuratedEntry[]): Set<number> {
  const swallowed = new Set<number>();
  roles.forEach((role, k) => {
    if (role === 'summary' || role === 'attachment') for (const index of realPrompts(messages, head[k]!.sources.slice(1))) swallowed.add(index);
  });
  return swallowed;
}

/**
 * Where the synthetic prefix of the window source ends, each skipped message's disposition, and
 * the quirks it shows: a real prompt Qwen skipped as part of the prefix.
 */
function skipPrefix(messages: readonly TranscriptMessage[], { head, roles, lower }: WindowSourcePrefix, startup: number) {
  const skipped: Segment[] = [];
  const quirks: string[] = [];
  const roleOf = new Map<number, SyntheticPrefixRole>();
  head.slice(0, roles.length).forEach((entry, k) => {
    for (const index of entry.sources) roleOf.set(index, roles[k]!);
  });
  const swallowed = swallowedPrompts(messages, roles, head);
  for (let index = startup; index < lower; index++) {
    const role = roleOf.get(index);
    if (role === undefined) {
      skipped.push({ start: index, end: index + 1, reason: 'dropped-by-curation' });
      continue;
    }
    const { reason, detail } = PREFIX_REASON[role];
    const own = swallowed.has(index) ? PROMPT_IN_PREFIX_DETAIL : detail;
    skipped.push({ start: index, end: index + 1, reason, ...(own === undefined ? {} : { detail: own }) });
  }

  if (roles[0] === 'legacy-context' && head[0]!.real) {
    const prompts = realPrompts(messages, head[0]!.sources).map((index) => `#${index}`);
    quirks.push(
      `Qwen quirk: the prompt at ${prompts.join(', ')} is not counted as a turn. The reply after it reads exactly “Got it. Thanks for the context!”, and Qwen re-checks the start of the window source for a startup block (selectForkHistory calls getStartupContextLength with includeCompressed), so it takes the two for the legacy startup pair and skips them.`,
    );
  }
  for (const index of swallowed) {
    const into = roles[head.findIndex((entry) => entry.sources.includes(index))];
    quirks.push(
      `The prompt at #${index} went with the compaction prefix: curation merged it into the compaction ${into} before it (adjacent user-role messages are one entry, geminiChat.ts appendCuratedContent), and the prefix is skipped before turns are counted (fork-subagent.ts selectForkHistory), so a numeric window neither counts nor inherits it.`,
    );
  }
  return { lower, skipped, quirks };
}

const WIRE_STARTUP_DETAIL =
  'startup context, read out of this message: the request carried Qwen’s startup reminders and the first prompt as one message; the leading reminders are kept in front of the window, the prompt after them is not';

/**
 * N: the last N real user turns. The startup prefix is cut off *before* curating
 * (`getHistoryForForkWindow`), because curating first would merge the startup reminder into the
 * first prompt; the prefix would then be prepended again and the child would see the environment
 * block twice. The rest is the window source: its own synthetic prefix is skipped, then the window
 * starts at the Nth real turn from the end (`selectForkHistory`).
 */
export function selectLastTurns(messages: readonly TranscriptMessage[], end: number, turns: number): Selection {
  const visible = end === messages.length ? messages : messages.slice(0, end);
  const wire = wireStartup(visible);
  if (wire !== null) {
    const selection = selectWindow(visible, wire, end, turns);
    // A window that takes the first prompt takes the first message whole, as the request had it.
    if (selection.windowStart !== 0) return selection;
  }
  return selectWindow(visible, null, end, turns);
}

/** The window over `visible`, with the startup context read out of its first message when `wire` says so. */
function selectWindow(visible: readonly TranscriptMessage[], wire: WireStartup | null, end: number, turns: number): Selection {
  const source = wire === null ? visible : [wire.rest, ...visible.slice(1)];
  const startup = wire === null ? startupContextLength(visible) : 0;

  const prefix = skipPrefix(source, windowSourcePrefix(source, startup, end), startup);
  const { lower, quirks } = prefix;

  const { start, realTurns } = findWindowStart(source, lower, end, turns);
  const windowStart = start ?? end;
  prefix.skipped.push({ start: lower, end: windowStart, reason: 'before-window' });
  const span = new SpanDispositions(windowStart, end, { status: 'inherited', reason: 'in-window' });
  const window = start === null ? [] : curateHistory(source, start, end, (index) => span.set(index, 'excluded', 'dropped-by-curation'));
  markMerged(span, window);
  const startupMessages = wire === null ? visible.slice(0, startup) : [wire.startup];
  const startupEntries: CuratedEntry[] = startupMessages.map(({ message, meta }, index) => ({
    message,
    meta,
    pieces: [{ message, meta, sources: [index] }],
    sources: [index],
    real: false,
  }));
  const entries = mergeStartupAtSend(startupEntries, window);
  // The first message, read as startup and prompt, is one parent row: the startup's, in front of the window.
  const kept = wire === null ? startup : 1;
  const skipped = prefix.skipped.flatMap((segment) => (segment.end <= kept ? [] : [{ ...segment, start: Math.max(segment.start, kept) }]));
  return {
    entries,
    startup: kept,
    skipped,
    span,
    windowStart: start,
    description:
      start === null
        ? `fork_turns "${turns}": no real user turn to start a window at`
        : // Qwen takes a count past the turns there are as all of them (the slice starts at index 0).
          realTurns < turns
          ? `fork_turns "${turns}": more than the ${realTurns} real user turn${realTurns === 1 ? '' : 's'} there are, so all of them`
          : `fork_turns "${turns}": the last ${turns} real user turn${turns === 1 ? '' : 's'}`,
    quirks,
    ...(wire === null ? {} : { startupDetail: WIRE_STARTUP_DETAIL }),
  };
}
