import type { GridRow, InheritanceGrid } from './inheritance-grid';

/** One way the accepted variants disagree, and every row that disagrees that way. */
export interface DisagreementPattern {
  /** The kind and, per variant, `+` inherits (or adds) it, `-` does not, `.` takes no part (the runtime refused it). */
  key: string;
  /** A parent message's disposition, or a message some children add. */
  kind: 'parent' | 'added';
  /** How they disagree, in a few words: "only A leaves them out". */
  summary: string;
  /** The parent rows it covers, as runs: a parent index each, or the index an added message follows. */
  spans: { first: number; last: number }[];
  /** Positions in the grid's rows, for a filter. */
  rows: number[];
}

/** One variant read against the baseline: what its child has that the baseline's does not, and the reverse. */
export interface BaselineDifference {
  variant: number;
  /** Parent rows it inherits that the baseline leaves out, and the reverse, as runs. */
  keeps: { first: number; last: number }[];
  leavesOut: { first: number; last: number }[];
  keepsCount: number;
  leavesOutCount: number;
  /** Added messages it has that the baseline's child does not, and the reverse. */
  adds: number;
  lacks: number;
}

export interface Disagreements {
  patterns: DisagreementPattern[];
  /** Parent rows every accepted variant treats alike in what it inherits, though by rules of different names. */
  ruleOnly: number;
  against: BaselineDifference[];
  /** Each grid row's pattern, by position; null where the accepted variants have it alike. */
  patternOfRow: (DisagreementPattern | null)[];
}

const listed = (names: readonly string[]) => (names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

function summaryOf(kind: 'parent' | 'added', yes: readonly string[], no: readonly string[], plural: boolean): string {
  const them = plural ? 'them' : 'it';
  if (kind === 'added') {
    if (yes.length === 1) return `only ${yes[0]} adds ${them}`;
    if (no.length === 1) return `all but ${no[0]} add ${them}`;
    return `${listed(yes)} add ${them}; ${listed(no)} do not`;
  }
  if (no.length === 1) return `only ${no[0]} leaves ${them} out`;
  if (yes.length === 1) return `only ${yes[0]} keeps ${them}`;
  return `${listed(yes)} keep ${them}; ${listed(no)} leave ${them} out`;
}

/** Whether each variant has the row: inherits a parent message, or adds a message. */
function presence(row: GridRow): boolean[] {
  return row.kind === 'added' ? row.present : row.cells.map((cell) => cell?.status === 'inherited');
}

function pushIndex(spans: { first: number; last: number }[], index: number): void {
  const last = spans.at(-1);
  if (last !== undefined && (index === last.last || index === last.last + 1)) last.last = index;
  else spans.push({ first: index, last: index });
}

/**
 * How the variants disagree, not only that they do: the rows grouped by which accepted variants
 * have them (a parent message inherited, a message added), each group with its runs of rows and a
 * line that says it ("rows 1–8: only A leaves them out"), largest group first; and each variant
 * against the baseline. A parent row every variant inherits alike (or leaves out alike) is no
 * disagreement, whatever each runtime's rule is called: those are counted apart.
 */
export function disagreements(grid: InheritanceGrid, letters: readonly string[], baseline: number): Disagreements {
  const { accepted } = grid;
  const isAccepted = letters.map((_, k) => accepted.includes(k));
  const byKey = new Map<string, DisagreementPattern & { yes: string[]; no: string[] }>();
  const keyOfRow: (string | null)[] = new Array(grid.rows.length).fill(null);
  let ruleOnly = 0;
  const against = accepted
    .filter((k) => k !== baseline)
    .map((variant): BaselineDifference => ({ variant, keeps: [], leavesOut: [], keepsCount: 0, leavesOutCount: 0, adds: 0, lacks: 0 }));
  const baselineAccepted = accepted.includes(baseline);
  grid.rows.forEach((row, position) => {
    const has = presence(row);
    const index = row.kind === 'parent' ? row.index : row.afterIndex;
    if (baselineAccepted) {
      for (const difference of against) {
        const mine = has[difference.variant]!;
        if (mine === has[baseline]) continue;
        if (row.kind === 'added') {
          if (mine) difference.adds += 1;
          else difference.lacks += 1;
        } else if (mine) {
          difference.keepsCount += 1;
          pushIndex(difference.keeps, index);
        } else {
          difference.leavesOutCount += 1;
          pushIndex(difference.leavesOut, index);
        }
      }
    }
    if (!row.differs) return;
    const first = has[accepted[0]!];
    if (accepted.every((k) => has[k] === first)) {
      if (row.kind === 'parent') ruleOnly += 1;
      return;
    }
    const key = `${row.kind}:${letters.map((_, k) => (!isAccepted[k] ? '.' : has[k] ? '+' : '-')).join('')}`;
    let pattern = byKey.get(key);
    if (pattern === undefined) {
      const yes = accepted.filter((k) => has[k]).map((k) => letters[k]!);
      const no = accepted.filter((k) => !has[k]).map((k) => letters[k]!);
      pattern = { key, kind: row.kind, summary: '', spans: [], rows: [], yes, no };
      byKey.set(key, pattern);
    }
    pattern.rows.push(position);
    pushIndex(pattern.spans, index);
    keyOfRow[position] = key;
  });
  // The summary says "them" or "it", so it is written once the rows are counted.
  const patterns = [...byKey.values()].map(({ yes, no, ...pattern }) => ({ ...pattern, summary: summaryOf(pattern.kind, yes, no, pattern.rows.length > 1) }));
  patterns.sort((a, b) => b.rows.length - a.rows.length || a.rows[0]! - b.rows[0]!);
  const byFinalKey = new Map(patterns.map((pattern) => [pattern.key, pattern]));
  const patternOfRow = keyOfRow.map((key) => (key === null ? null : byFinalKey.get(key)!));
  return { patterns, ruleOnly, against, patternOfRow };
}

/** Runs of rows as people write them: "1–8, 12, 14–15". */
export function spansText(spans: readonly { first: number; last: number }[]): string {
  return spans.map(({ first, last }) => (first === last ? `${first}` : `${first}–${last}`)).join(', ');
}

/** A pattern in one line: "rows 1–8: only A leaves them out", "after row 10: only C adds it". */
export function patternLine(pattern: DisagreementPattern): string {
  const single = pattern.spans.length === 1 && pattern.spans[0]!.first === pattern.spans[0]!.last;
  const where = pattern.kind === 'added' ? `after row${single ? '' : 's'} ${spansText(pattern.spans)}` : `row${single ? '' : 's'} ${spansText(pattern.spans)}`;
  return `${where}: ${pattern.summary}`;
}

/** A variant against the baseline in one line: "B against A: keeps 8 rows A leaves out (1–8); adds 6 messages". */
export function baselineLine(difference: BaselineDifference, letters: readonly string[], baseline: number): string {
  const me = letters[difference.variant]!;
  const base = letters[baseline]!;
  const parts: string[] = [];
  if (difference.keepsCount > 0)
    parts.push(`keeps ${difference.keepsCount} row${difference.keepsCount === 1 ? '' : 's'} ${base} leaves out (${spansText(difference.keeps)})`);
  if (difference.leavesOutCount > 0) {
    parts.push(`leaves out ${difference.leavesOutCount} row${difference.leavesOutCount === 1 ? '' : 's'} ${base} keeps (${spansText(difference.leavesOut)})`);
  }
  if (difference.adds > 0) parts.push(`adds ${difference.adds} message${difference.adds === 1 ? '' : 's'} ${base}’s child lacks`);
  if (difference.lacks > 0) parts.push(`lacks ${difference.lacks} message${difference.lacks === 1 ? '' : 's'} ${base}’s child has`);
  return `${me} against ${base}: ${parts.length === 0 ? 'the same rows and messages' : parts.join('; ')}`;
}
