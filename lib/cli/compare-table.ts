import { dispositionAt, type ForkPlan, type ForkRequest, type ParentTranscript } from '@/lib/fork';
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

export interface CompareRow {
  index: number;
  id: string;
  role: string;
  cells: CompareCell[];
}

export interface CompareTable {
  variants: { label: string; request: ForkRequest; errors: ForkPlan['errors']; inherited: number; written: number; reusableMessages: number | null }[];
  /** Parent messages, in order: those the variants treat differently, or every one. */
  rows: CompareRow[];
  /** How many parent messages the variants treat differently. */
  differing: number;
}

/**
 * Every variant's treatment of every parent message, side by side: the compare's inheritance grid.
 * A message past a variant's fork point, or of a rejected call, is excluded with that reason.
 * Linear in messages × variants.
 */
export function compareTable(parent: ParentTranscript, variants: readonly ComparedVariant[], all: boolean): CompareTable {
  const rows: CompareRow[] = [];
  let differing = 0;
  parent.messages.forEach((entry, index) => {
    const cells = variants.map(({ plan }): CompareCell => {
      const disposition = dispositionAt(plan.parent, index);
      return disposition === undefined ? { status: 'excluded', reason: 'not-planned' } : { status: disposition.status, reason: disposition.reason };
    });
    const differs = cells.some((cell) => cell.status !== cells[0]!.status || cell.reason !== cells[0]!.reason);
    if (differs) differing++;
    if (differs || all) rows.push({ index, id: entry.id, role: entry.message.role, cells });
  });
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
    rows,
    differing,
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
  lines.push('', `messages the variants treat differently: ${table.differing} of ${parentLength}`);
  const text = (cell: CompareCell, k: number) => `${table.variants[k]!.label} ${cell.status === 'inherited' ? '+' : '-'} ${cell.reason}`;
  const widths = table.variants.map((_, k) => Math.max(0, ...table.rows.map((row) => text(row.cells[k]!, k).length)));
  const indexWidth = String(parentLength - 1).length + 1;
  for (const row of table.rows) {
    const cells = row.cells.map((cell, k) => text(cell, k).padEnd(widths[k]!));
    lines.push(`  ${`#${row.index}`.padEnd(indexWidth)} ${row.role.padEnd(9)} ${cells.join(' | ').trimEnd()}`);
  }
  return lines.join('\n');
}
