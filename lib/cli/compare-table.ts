import { firstRequestMessages } from '@/lib/compare/first-request';
import { type GridRow, inheritanceGrid } from '@/lib/compare/inheritance-grid';
import type { ForkPlan, ForkRequest, ParentTranscript } from '@/lib/fork';
import { describeRequest } from '@/lib/view/describe-request';

/** One variant of a compare: the call as asked, and the engine's plan for it. */
export interface ComparedVariant {
  label: string;
  request: ForkRequest;
  plan: ForkPlan;
}

/** What one variant does with one parent message. */
export interface CompareCell {
  status: 'inherited' | 'excluded';
  reason: string;
}

/** A parent message, or a message some children have that the parent does not (`added`). */
export type CompareRow =
  | { kind: 'parent'; index: number; id: string; role: string; cells: CompareCell[] }
  | { kind: 'added'; afterIndex: number; rule: string; role: string; present: boolean[] };

export interface CompareTable {
  variants: { label: string; request: ForkRequest; errors: ForkPlan['errors']; inherited: number; written: number; reusableMessages: number | null }[];
  /** The grid's rows, in order: those the accepted variants treat differently, or every one. */
  rows: CompareRow[];
  /** How many rows the accepted variants treat differently. */
  differing: number;
}

function tableRow(parent: ParentTranscript, row: GridRow): CompareRow {
  if (row.kind === 'added') return { kind: 'added', afterIndex: row.afterIndex, rule: row.rule, role: row.message.message.role, present: row.present };
  const cells = row.cells.map(
    (cell): CompareCell => (cell === null ? { status: 'excluded', reason: 'not-planned' } : { status: cell.status, reason: cell.reason }),
  );
  const entry = parent.messages[row.index]!;
  return { kind: 'parent', index: row.index, id: entry.id, role: entry.message.role, cells };
}

/**
 * Every variant's treatment of every parent message side by side, and what each child adds: the
 * compare view's inheritance grid, as a table. Linear in messages × variants.
 */
export function compareTable(parent: ParentTranscript, variants: readonly ComparedVariant[], all: boolean): CompareTable {
  const grid = inheritanceGrid(
    parent.messages.length,
    variants.map(({ plan }) => ({ rejected: plan.errors.length > 0, ranges: plan.parent, request: firstRequestMessages(plan.child) })),
  );
  return {
    variants: variants.map(({ label, request, plan }) => {
      const messages = plan.child?.initialMessages ?? [];
      // Copies of the parent's own messages; anything else (the Agent call the parent writes to make
      // the fork, a placeholder, a notice) is the runtime's.
      const copied = messages.filter(
        (message) => message.source.kind === 'copy' && message.source.parentIndexes.every((index) => index < parent.messages.length),
      );
      return {
        label,
        request,
        errors: plan.errors,
        inherited: new Set(copied.flatMap((message) => (message.source.kind === 'copy' ? message.source.parentIndexes : []))).size,
        written: messages.length - copied.length,
        reusableMessages: plan.cache?.reusableMessages ?? null,
      };
    }),
    rows: grid.rows.filter((row) => all || row.differs).map((row) => tableRow(parent, row)),
    differing: grid.differing,
  };
}

/** The table for a person: the variants, then a line per message they treat differently. */
export function formatCompareTable(table: CompareTable, parentLength: number): string {
  const lines = ['variants:'];
  for (const variant of table.variants) lines.push(`  ${variant.label}  ${describeRequest(variant.request)}`);
  lines.push('');
  for (const variant of table.variants) {
    if (variant.errors.length > 0) {
      lines.push(`  ${variant.label}  rejected: ${variant.errors.map((error) => `${error.parameter}: ${error.message}`).join('; ')}`);
      continue;
    }
    const cache = variant.reusableMessages === null ? '' : ` · ${variant.reusableMessages} reusable by a prefix cache`;
    lines.push(
      `  ${variant.label}  inherits ${variant.inherited} of ${parentLength} parent messages, plus ${variant.written} more (the parent's Agent call, what the runtime adds)${cache}`,
    );
  }
  lines.push('', `rows the variants treat differently: ${table.differing} (parent messages, and messages a child has that the parent does not)`);
  // A parent row: `A + in-window`; an added row: `A + fork-placeholder-result` where the child has it.
  const texts = table.rows.map((row) =>
    table.variants.map(({ label }, k) => {
      if (row.kind === 'parent') return `${label} ${row.cells[k]!.status === 'inherited' ? '+' : '-'} ${row.cells[k]!.reason}`;
      return row.present[k] ? `${label} + ${row.rule}` : `${label} -`;
    }),
  );
  const widths = table.variants.map((_, k) => Math.max(0, ...texts.map((cells) => cells[k]!.length)));
  const indexWidth = String(parentLength).length + 2;
  table.rows.forEach((row, r) => {
    const place = row.kind === 'parent' ? `#${row.index}` : `+${row.afterIndex + 1}`;
    const cells = texts[r]!.map((text, k) => text.padEnd(widths[k]!));
    lines.push(`  ${place.padEnd(indexWidth)} ${row.role.padEnd(9)} ${cells.join(' | ').trimEnd()}`);
  });
  return lines.join('\n');
}
