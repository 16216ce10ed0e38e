import type { ChildMessage, ForkPlan, MessageClassification, ParentRange } from '@/lib/fork';
import type { CompactChildSegment } from '@/lib/fork-exchange/compact-plan';

/** What happened to a run of parent rows on the way into one child. */
export type StripTone = 'inherited' | 'merged' | 'repaired' | 'dropped' | 'outside';

/** A run of parent rows `[start, end)` one child treats alike. */
export interface StripSegment {
  start: number;
  end: number;
  tone: StripTone;
  /** The plan's rule in words, for a tooltip. */
  detail: string;
}

/** Messages the child has and the parent never had, after parent row `after` (-1: before any). */
export interface StripAddition {
  after: number;
  rules: string[];
}

/** The prefix of the child's first request a prompt cache can reuse, in parent rows. */
export interface StripCacheBand {
  /** Parent rows `[0, rows)` the child repeats unchanged at the same place. */
  rows: number;
  /** Whether a cache reads them: false when the system instruction, tools or model differ. */
  reusable: boolean;
  /** Why a cache reads none of a prefix the messages share. */
  why?: string;
}

/** One child beside the parent: its window as a bracket, coloured row by row. */
export interface StripColumn {
  segments: StripSegment[];
  additions: StripAddition[];
  /** The bracket: the first and one past the last row the child inherits, or null for none. */
  bracket: { start: number; end: number } | null;
  band: StripCacheBand | null;
  /** Rows of each tone, and the messages added. */
  counts: Record<StripTone, number> & { added: number };
}

/**
 * Where the messages of the child's first request come from, in order: a run of unchanged copies
 * (one message per parent row, as a compact plan sends them), one copied message, or one the
 * runtime wrote. A run keeps a 70,000-message `all` fork to a handful of entries.
 */
export type StripSource =
  | { kind: 'copies'; start: number; count: number }
  | { kind: 'copy'; indexes: readonly number[]; change?: string }
  | { kind: 'synthetic'; rule: string };

/** What a column needs of a plan: its ranges, where the child's first request comes from, and its cache reuse. */
export interface StripPlan {
  parent: readonly ParentRange[];
  request: readonly StripSource[];
  cache: ForkPlan['cache'];
}

function sourceOf({ source }: ChildMessage): StripSource {
  if (source.kind === 'synthetic') return { kind: 'synthetic', rule: source.rule };
  return source.change === undefined ? { kind: 'copy', indexes: source.parentIndexes } : { kind: 'copy', indexes: source.parentIndexes, change: source.change };
}

/** The sources of a first request held whole (a launched child's plan, a compare variant's). */
export function stripSources(request: readonly ChildMessage[]): StripSource[] {
  return request.map(sourceOf);
}

/** The sources of a first request as a compact plan sends it: its segments, then the first prompt. */
export function stripSourcesOfSegments(segments: readonly CompactChildSegment[], firstPrompt: ChildMessage): StripSource[] {
  const sources = segments.map((segment) =>
    segment.kind === 'copy-run' ? ({ kind: 'copies', start: segment.parentStart, count: segment.count } as const) : sourceOf(segment.message),
  );
  sources.push(sourceOf(firstPrompt));
  return sources;
}

const INHERITED: Readonly<Record<string, StripTone>> = {
  'merged-by-curation': 'merged',
  'tool-call-input-redacted': 'repaired',
  'open-tool-call-closed': 'repaired',
};

// Rows no rule of the window looked at: they frame the bracket rather than being cut from it.
const OUTSIDE: ReadonlySet<string> = new Set(['before-window', 'after-fork-point', 'not-a-fork', 'request-rejected', 'compaction-summary-outside-window']);

/** A copy's change that rewrote the parent's message on the way in. */
const REPAIRS: ReadonlySet<string> = new Set(['sealed', 'stripped', 'split', 'tool-inputs-redacted']);

function rangeTone(range: ParentRange): StripTone {
  if (range.status === 'inherited') return INHERITED[range.reason] ?? 'inherited';
  return OUTSIDE.has(range.reason) ? 'outside' : 'dropped';
}

/** Rows whose copy the child changed: merged with others, or repaired (sealed, stripped, redacted). */
function changedRows(request: readonly StripSource[]): Map<number, StripTone> {
  const changed = new Map<number, StripTone>();
  for (const source of request) {
    if (source.kind !== 'copy' || source.change === undefined) continue;
    const tone: StripTone = source.change === 'merged' ? 'merged' : REPAIRS.has(source.change) ? 'repaired' : 'inherited';
    if (tone === 'inherited') continue;
    for (const index of source.indexes) if (changed.get(index) !== 'repaired') changed.set(index, tone);
  }
  return changed;
}

function pushSegment(segments: StripSegment[], segment: StripSegment): void {
  const last = segments.at(-1);
  if (last !== undefined && last.tone === segment.tone && last.detail === segment.detail && last.end === segment.start) last.end = segment.end;
  else if (segment.end > segment.start) segments.push(segment);
}

/**
 * The plan's ranges as segments, split where the child changed a copied row. The ranges are walked
 * once and the changed rows once, so a column is linear in ranges plus the child's request.
 */
function segmentsOf(parentLength: number, plan: StripPlan): StripSegment[] {
  const changed = [...changedRows(plan.request)].sort(([a], [b]) => a - b);
  const segments: StripSegment[] = [];
  let next = 0;
  let covered = 0;
  for (const range of plan.parent) {
    const end = Math.min(range.end, parentLength);
    let at = Math.max(range.start, covered);
    const tone = rangeTone(range);
    while (next < changed.length && changed[next]![0] < at) next += 1;
    while (at < end) {
      const change = next < changed.length && changed[next]![0] < end && tone !== 'outside' && tone !== 'dropped' ? changed[next] : undefined;
      // A row the range already names merged or repaired needs no second word for it.
      if (change !== undefined && change[1] === tone) {
        next += 1;
        continue;
      }
      if (change === undefined) {
        pushSegment(segments, { start: at, end, tone, detail: range.detail });
        break;
      }
      pushSegment(segments, { start: at, end: change[0], tone, detail: range.detail });
      pushSegment(segments, { start: change[0], end: change[0] + 1, tone: change[1], detail: `${range.detail} (${change[1]} on the way in)` });
      at = change[0] + 1;
      next += 1;
    }
    covered = Math.max(covered, end);
  }
  // Rows the plan never saw (the parent grew after this child was forked) are outside its window.
  if (covered < parentLength) pushSegment(segments, { start: covered, end: parentLength, tone: 'outside', detail: 'added to the parent after this fork' });
  return segments;
}

/** The child's synthetic messages, each after the last parent row copied before it. */
function additionsOf(request: readonly StripSource[], parentLength: number): StripAddition[] {
  const additions: StripAddition[] = [];
  let after = -1;
  for (const source of request) {
    let rules: string[];
    if (source.kind === 'synthetic') rules = [source.rule];
    else {
      const last = lastRow(source, Number.POSITIVE_INFINITY);
      after = Math.max(after, Math.min(parentLength - 1, last));
      // The Agent call Fork Lab writes past the parent's end, for a fork the parent has not called yet.
      const beyond = source.kind === 'copies' ? Math.max(0, last - Math.max(parentLength - 1, source.start - 1)) : last >= parentLength ? 1 : 0;
      if (beyond === 0) continue;
      rules = new Array<string>(beyond).fill('agent-call-written');
    }
    const last = additions.at(-1);
    if (last !== undefined && last.after === after) last.rules.push(...rules);
    else additions.push({ after, rules });
  }
  return additions;
}

/** The last parent row a copy holds, of its first `messages` messages. */
function lastRow(source: Exclude<StripSource, { kind: 'synthetic' }>, messages: number): number {
  if (source.kind === 'copies') return source.start + Math.min(source.count, messages) - 1;
  return Math.max(-1, ...source.indexes);
}

function bandOf(plan: StripPlan, parentLength: number): StripCacheBand | null {
  const { cache } = plan;
  if (cache === null || cache.sharedMessages === 0) return null;
  let rows = 0;
  let left = cache.sharedMessages;
  for (const source of plan.request) {
    if (left <= 0) break;
    if (source.kind !== 'synthetic') rows = Math.max(rows, Math.min(lastRow(source, left) + 1, parentLength));
    left -= source.kind === 'copies' ? source.count : 1;
  }
  if (rows === 0) return null;
  if (cache.reusableMessages > 0) return { rows, reusable: true };
  const why =
    cache.modelMatches === false
      ? 'it runs on another model'
      : !cache.systemMatches
        ? 'its system instruction differs'
        : !cache.toolsMatch
          ? 'its tool list differs'
          : 'the prefix is not reusable';
  return { rows, reusable: false, why };
}

/** Why a plan draws no column: the runtime refused the call, or it is not a fork; null when it has a child. */
export function noChildReason(plan: Pick<ForkPlan, 'errors' | 'freshReason'> & { child: object | null }): string | null {
  if (plan.errors.length > 0) return `refused: ${plan.errors[0]!.message}`;
  if (plan.child === null) return `not a fork: ${plan.freshReason ?? 'the child inherits no history'}`;
  return null;
}

/** One child's column of the inheritance strip, from its plan. */
export function stripColumn(parentLength: number, plan: StripPlan): StripColumn {
  const segments = segmentsOf(parentLength, plan);
  const additions = additionsOf(plan.request, parentLength);
  const counts = { inherited: 0, merged: 0, repaired: 0, dropped: 0, outside: 0, added: 0 };
  let first: number | null = null;
  let last = 0;
  for (const segment of segments) {
    counts[segment.tone] += segment.end - segment.start;
    if (segment.tone === 'inherited' || segment.tone === 'merged' || segment.tone === 'repaired') {
      first ??= segment.start;
      last = segment.end;
    }
  }
  for (const addition of additions) counts.added += addition.rules.length;
  return { segments, additions, bracket: first === null ? null : { start: first, end: last }, band: bandOf(plan, parentLength), counts };
}

/** The column in one line: what it kept, changed, cut and added, and what a cache reads. */
export function stripColumnLine(column: StripColumn): string {
  const { counts } = column;
  const parts = [`${counts.inherited.toLocaleString('en-US')} inherited`];
  if (counts.merged > 0) parts.push(`${counts.merged.toLocaleString('en-US')} merged`);
  if (counts.repaired > 0) parts.push(`${counts.repaired.toLocaleString('en-US')} repaired`);
  if (counts.dropped > 0) parts.push(`${counts.dropped.toLocaleString('en-US')} dropped`);
  if (counts.added > 0) parts.push(`${counts.added.toLocaleString('en-US')} added`);
  const { band } = column;
  const cache =
    band === null
      ? 'a cache reuses none of it'
      : band.reusable
        ? `a cache reuses rows #0–#${band.rows - 1}`
        : `rows #0–#${band.rows - 1} repeat the parent, but a cache reads none: ${band.why}`;
  return `${parts.join(' · ')}; ${cache}`;
}

/** The parent rows the strip ticks: where each real user turn starts, and each compaction summary. */
export function stripMarks(classifications: readonly (MessageClassification | undefined)[]): { index: number; kind: 'turn' | 'compaction' }[] {
  const marks: { index: number; kind: 'turn' | 'compaction' }[] = [];
  classifications.forEach((classification, index) => {
    if (classification?.kind === 'real-user-turn' && classification.continuesTurnAt === undefined) marks.push({ index, kind: 'turn' });
    else if (classification?.kind === 'compaction-summary') marks.push({ index, kind: 'compaction' });
  });
  return marks;
}
