import { DISPOSITION_DETAILS } from '../disposition-details';
import type { ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { forkedPlan } from '../planning/forked-plan';
import { freshPlan, rejectedPlan } from '../planning/refused-plans';
import { SpanDispositions } from '../planning/span-dispositions';
import { compactionPrefixRoles } from '../transcript/compaction-prefix';
import { startupContextLength } from '../transcript/startup-context';
import type { ParentTranscript, TranscriptMessage } from '../transcript/transcript';
import { type CuratedEntry, curatedEntries, curateHistory, findWindowStart } from './curate-history';
import { dispatchQwenSpawn } from './qwen-dispatch';
import type { QwenForkRequest } from './qwen-fork-request';
import { repairBoundary } from './repair-boundary';
import { type ForkTurns, validateQwenForkParams } from './validate-fork-turns';

const POLICY = 'qwen-fork-turns';

interface Segment {
  start: number;
  end: number;
  reason: 'compaction-summary-outside-window' | 'dropped-by-curation' | 'before-window';
}

interface Selection {
  entries: CuratedEntry[];
  /** Length of the startup prefix kept in front of the window (numeric windows only). */
  startup: number;
  /** Excluded parent messages between the startup prefix and the window. */
  skipped: Segment[];
  /** Dispositions of the selected span, finished after boundary repair. */
  span: SpanDispositions;
  windowStart: number | null;
  description: string;
}

/**
 * `all`: the curated history, startup included. Curation runs over the whole history here, so a
 * startup reminder followed by the first prompt is merged into one message, as the runtime does.
 */
function selectAll(messages: readonly TranscriptMessage[], end: number): Selection {
  const span = new SpanDispositions(0, end, { status: 'inherited', reason: 'in-window' });
  const entries = curateHistory(messages, 0, end, (index) => span.set(index, 'excluded', 'dropped-by-curation'));
  for (const entry of entries) {
    if (entry.sources.length > 1) {
      for (const index of entry.sources) span.set(index, 'inherited', 'merged-by-curation');
    }
  }
  return {
    entries,
    startup: 0,
    skipped: [],
    span,
    windowStart: end > 0 ? 0 : null,
    description: 'fork_turns "all": the whole curated history',
  };
}

/**
 * N: the last N real user turns. The startup prefix is cut off *before* curating, because
 * curating first would merge the startup reminder into the first prompt; the prefix would then be
 * prepended again and the child would see the environment block twice.
 */
function selectLastTurns(messages: readonly TranscriptMessage[], end: number, turns: number): Selection {
  const skipped: Segment[] = [];
  const visible = end === messages.length ? messages : messages.slice(0, end);
  const startup = startupContextLength(visible);

  // The compacted-history prefix is a synthetic stand-in for older turns: skip it, read on the
  // curated source (only its first four entries are ever needed).
  const head: CuratedEntry[] = [];
  for (const entry of curatedEntries(visible, startup, end)) {
    head.push(entry);
    if (head.length === 4) break;
  }
  const prefixRoles = compactionPrefixRoles(head, 0);
  const prefixEntries = head.slice(0, prefixRoles.length);
  const lower = prefixEntries.length > 0 ? prefixEntries[prefixEntries.length - 1]!.sources.at(-1)! + 1 : startup;
  const inPrefix = new Set(prefixEntries.flatMap((entry) => entry.sources));
  for (let index = startup; index < lower; index++) {
    const reason = inPrefix.has(index) ? 'compaction-summary-outside-window' : 'dropped-by-curation';
    skipped.push({ start: index, end: index + 1, reason });
  }

  const { start } = findWindowStart(visible, lower, end, turns);
  const windowStart = start ?? end;
  skipped.push({ start: lower, end: windowStart, reason: 'before-window' });
  const span = new SpanDispositions(windowStart, end, { status: 'inherited', reason: 'in-window' });
  const window = start === null ? [] : curateHistory(visible, start, end, (index) => span.set(index, 'excluded', 'dropped-by-curation'));
  for (const entry of window) {
    if (entry.sources.length > 1) {
      for (const index of entry.sources) span.set(index, 'inherited', 'merged-by-curation');
    }
  }
  const startupEntries: CuratedEntry[] = visible
    .slice(0, startup)
    .map((entry, index) => ({ message: entry.message, meta: entry.meta, sources: [index], real: false }));
  return {
    entries: [...startupEntries, ...window],
    startup,
    skipped,
    span,
    windowStart: start,
    description:
      start === null
        ? `fork_turns "${turns}": no real user turn to start a window at`
        : `fork_turns "${turns}": the last ${turns} real user turn${turns === 1 ? '' : 's'}`,
  };
}

/** Plan a Qwen Code fork (`subagent_type: "fork"`, optional `fork_turns`). */
export function planQwenFork(parent: ParentTranscript, request: QwenForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const validation = validateQwenForkParams(request.params, request.directive);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], messages.length);
  const dispatch = dispatchQwenSpawn(request.params, validation, profile);
  if (dispatch.kind === 'refused') return rejectedPlan(POLICY, [dispatch.error], messages.length);
  if (dispatch.kind === 'fresh') return freshPlan(POLICY, dispatch.why, messages.length);

  const forkTurns: ForkTurns = dispatch.forkTurns;
  const selection = forkTurns === 'all' ? selectAll(messages, end) : selectLastTurns(messages, end, forkTurns);
  const repaired = repairBoundary(selection.entries, request.directive, messages);

  // Startup entries sit outside the span; a repair drops them only when nothing follows them.
  const startupDropped = new Set<number>();
  const mark = (index: number, reason: 'trailing-user-message-dropped' | 'tool-call-input-redacted') => {
    if (index < selection.startup) startupDropped.add(index);
    else selection.span.set(index, reason === 'tool-call-input-redacted' ? 'inherited' : 'excluded', reason);
  };
  for (const entry of repaired.dropped) for (const index of entry.sources) mark(index, 'trailing-user-message-dropped');
  if (repaired.inFlight !== null) for (const index of repaired.inFlight.sources) mark(index, 'tool-call-input-redacted');

  const ranges = new ParentRangeBuilder();
  for (let index = 0; index < selection.startup; index++) {
    const reason = startupDropped.has(index) ? 'trailing-user-message-dropped' : 'startup-prefix-kept';
    ranges.one(index, startupDropped.has(index) ? 'excluded' : 'inherited', reason, DISPOSITION_DETAILS[reason]);
  }
  for (const segment of selection.skipped) {
    ranges.add(segment.start, segment.end, 'excluded', segment.reason, DISPOSITION_DETAILS[segment.reason]);
  }
  selection.span.flushInto(ranges, DISPOSITION_DETAILS);
  ranges.add(end, messages.length, 'excluded', 'after-fork-point', DISPOSITION_DETAILS['after-fork-point']);

  let realTurns = 0;
  const inherited = selection.entries.length - repaired.dropped.length;
  for (let k = 0; k < inherited; k++) if (selection.entries[k]!.real) realTurns++;
  return forkedPlan({
    policy: POLICY,
    profile,
    keepsModes: true,
    inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
    initialMessages: repaired.initialMessages,
    firstPrompt: repaired.firstPrompt,
    parent: ranges.ranges,
    window: { start: selection.windowStart, end, description: selection.description, realTurns },
  });
}
