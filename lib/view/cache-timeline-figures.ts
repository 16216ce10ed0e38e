import type { TimelineEntry } from '@/lib/traffic/cache-timeline';

/** Which figures a cache timeline chart draws: what the provider reported, or what the rule predicts. */
export type TimelineBasis = 'reported' | 'predicted';

/** One request of a timeline as a stacked bar: its tokens read from the cache, written to it, and sent uncached. */
export interface TimelineBar {
  /** `#index`, with the log's name in front when the rows come from several logs. */
  label: string;
  /** Where it stands among the shown rows, which the chart's click scrolls to. */
  row: number;
  read: number;
  written: number;
  uncached: number;
  verdict: TimelineEntry['verdict'];
  /** False when the basis has no figures for it (no usage reported, no rule): an empty slot, not a zero. */
  known: boolean;
}

/**
 * The shown rows of a timeline, in their order, as stacked bars on one basis. A request without
 * figures on that basis keeps its slot (the request happened) with nothing stacked, so the bars
 * line up with the table's rows.
 */
export function timelineBars(entries: readonly TimelineEntry[], basis: TimelineBasis, named: (entry: TimelineEntry) => string): TimelineBar[] {
  return entries.map((entry, row) => {
    const figures = basis === 'reported' ? entry.reported : entry.predicted;
    return {
      label: named(entry),
      row,
      read: figures?.cachedTokens ?? 0,
      written: figures?.writtenTokens ?? 0,
      uncached: figures?.uncachedTokens ?? 0,
      verdict: entry.verdict,
      known: figures !== null,
    };
  });
}

/** The basis a timeline opens on: the provider's report where any request has one, else the rule's prediction. */
export function defaultBasis(entries: readonly TimelineEntry[]): TimelineBasis {
  return entries.some((entry) => entry.reported !== null) ? 'reported' : 'predicted';
}
