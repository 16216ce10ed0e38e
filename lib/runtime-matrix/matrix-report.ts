import { cacheReuseMarkdown, cacheReuseTables } from './cache-reuse-table';
import type { MatrixCell, RuntimeMatrix } from './runtime-matrix';

const MARK: Record<MatrixCell['outcome'], string> = {
  matches: 'matches',
  'not-a-fork': 'not a fork',
  differs: 'DIFFERS',
  refused: 'refused',
  'no-fork-seen': 'NO FORK SEEN',
  'wrong-fork-count': 'WRONG COUNT',
  'not-delivered': 'NOT DELIVERED',
  'runtime-failed': 'RUNTIME FAILED',
};

/** A cell as one word or two: green outcomes in lower case, red ones shouting. */
export function cellMark(cell: MatrixCell): string {
  if (cell.known !== undefined) return cell.green ? `${MARK[cell.outcome]} (known: now green)` : `known: ${MARK[cell.outcome].toLowerCase()}`;
  return cell.green ? MARK[cell.outcome] : `✗ ${MARK[cell.outcome]}`;
}

/** Whether a run passes: every cell green, but for the known differences (which must still be red, or the note is stale). */
export function matrixPasses(matrix: RuntimeMatrix): boolean {
  return matrix.cells.every((cell) => (cell.known === undefined ? cell.green : !cell.green)) && matrix.planted.every((check) => check.caught);
}

/** The matrix's columns (runtime@version) and its rows, a scenario each, with each cell's mark. */
export function matrixGrid(matrix: RuntimeMatrix): { columns: string[]; rows: string[][] } {
  const columns = matrix.runtimes.map((runtime) => `${runtime.name}@${runtime.version}`);
  const rows = matrix.scenarios.map((scenario) => [
    scenario.id,
    ...matrix.runtimes.map((runtime) => {
      const cell = matrix.cells.find((candidate) => candidate.runtime === runtime.name && candidate.scenario === scenario.id);
      return cell === undefined ? '—' : cellMark(cell);
    }),
  ]);
  return { columns, rows };
}

/** The matrix as a table for a terminal or a README: scenarios down, runtime@version across; then every red cell's first difference. */
export function matrixReport(matrix: RuntimeMatrix): string {
  const { columns, rows } = matrixGrid(matrix);
  const table = [['scenario', ...columns], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => `| ${row.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  const out = [line(table[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)];
  const red = matrix.cells.filter((cell) => !cell.green && cell.known === undefined);
  const known = matrix.cells.filter((cell) => cell.known !== undefined);
  const green = matrix.cells.filter((cell) => cell.green).length;
  out.push('', `${green} of ${matrix.cells.length} cells green, ${known.length} known differences, in ${matrix.seconds} s.`);
  for (const runtime of matrix.cannotRun ?? []) out.push(`${runtime.label}: cannot run — ${runtime.reason}.`);
  if (red.length > 0) out.push('', 'Red cells:');
  for (const cell of red) out.push(`- ${cell.runtime}@${cell.version} ${cell.scenario}: ${cell.summary} (${cell.folder})`);
  if (matrix.planted.length > 0) out.push('', 'Planted wrong rules (each green cell read again by older rules must turn red):');
  for (const check of matrix.planted) out.push(`- ${check.caught ? 'caught' : 'MISSED'}: ${check.cell} ${check.summary}`);
  if (known.length > 0) out.push('', 'Known differences (not gating):');
  for (const cell of known) {
    const state = cell.green ? 'now GREEN: take the note out of scenarios.ts' : cell.summary;
    out.push(`- ${cell.runtime}@${cell.version} ${cell.scenario}: ${cell.known} — ${state}`);
  }
  const reuse = cacheReuseTables(matrix);
  if (reuse.length > 0) {
    out.push('', '## What each fork reuses of its parent’s cache', '', CACHE_REUSE_NOTE, '', cacheReuseMarkdown(reuse).trimEnd());
  }
  return `${out.join('\n')}\n`;
}

/** What the cache tables' figures are, said once wherever they are shown. */
export const CACHE_REUSE_NOTE =
  'Read off the captured bytes of each green fork: the parent’s last request before the fork against the child’s first, in the order the provider caches them, counted by Fork Lab’s tokenizer. Cache reads are what the provider’s rule (docs/provider-cache.md) reads of that prefix just after the parent’s request; the price is the child’s first request’s input at the model’s prices, after the parent and cold.';
