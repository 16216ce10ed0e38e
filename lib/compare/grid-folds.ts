import { type DisagreementPattern, spansText } from './disagreements';
import type { GridRow } from './inheritance-grid';

/** A run this long or longer of rows the variants treat the same way is shown as one line. */
export const FOLD_FROM = 3;

/** Rows of one pattern in a row, shown as one line until opened. */
export interface GridFold {
  kind: 'fold';
  /** Grid positions of the run's first and last rows: the first names the fold. */
  first: number;
  last: number;
  count: number;
  /** The pattern every row of the run follows; null where the variants have them alike. */
  pattern: DisagreementPattern | null;
  /** The run is open: its rows follow this line, which folds them again. */
  open: boolean;
  /** "rows 1–8: only A leaves them out", for this run alone. */
  line: string;
}

export type GridItem = { kind: 'row'; position: number } | GridFold;

/** The parent rows a run covers and the messages it adds, in words: "rows 11–40 and 3 added messages". */
function runPlace(rows: readonly GridRow[], positions: readonly number[]): string {
  const parents: { first: number; last: number }[] = [];
  let added = 0;
  let lastAfter = -1;
  for (const position of positions) {
    const row = rows[position]!;
    if (row.kind === 'added') {
      added += 1;
      lastAfter = row.afterIndex;
      continue;
    }
    const run = parents.at(-1);
    if (run !== undefined && row.index === run.last + 1) run.last = row.index;
    else parents.push({ first: row.index, last: row.index });
  }
  if (parents.length === 0) return `${added} messages added after row ${lastAfter}`;
  const single = parents.length === 1 && parents[0]!.first === parents[0]!.last;
  const where = `row${single ? '' : 's'} ${spansText(parents)}`;
  return added === 0 ? where : `${where} and ${added} added message${added === 1 ? '' : 's'}`;
}

/**
 * The grid's rows as people read a long one: each run of FOLD_FROM or more rows in a row that
 * follow one pattern (or that every variant has alike) folded to one line that says how the
 * variants treat them, so ten thousand rows read as the handful of places they differ. Runs are
 * of rows as shown (after a filter), and a fold is named by its first row's grid position, which
 * `opened` lists for the folds a person opened.
 */
export function foldGrid(
  rows: readonly GridRow[],
  shown: readonly number[],
  patternOfRow: readonly (DisagreementPattern | null)[],
  opened: ReadonlySet<number>,
): GridItem[] {
  const items: GridItem[] = [];
  let start = 0;
  while (start < shown.length) {
    const pattern = patternOfRow[shown[start]!] ?? null;
    let end = start + 1;
    while (end < shown.length && (patternOfRow[shown[end]!] ?? null) === pattern) end += 1;
    const run = shown.slice(start, end);
    if (run.length < FOLD_FROM) {
      for (const position of run) items.push({ kind: 'row', position });
    } else {
      const first = run[0]!;
      const open = opened.has(first);
      const line = `${runPlace(rows, run)}: ${pattern === null ? 'every variant treats them alike' : pattern.summary}`;
      items.push({ kind: 'fold', first, last: run.at(-1)!, count: run.length, pattern, open, line });
      if (open) for (const position of run) items.push({ kind: 'row', position });
    }
    start = end;
  }
  return items;
}
