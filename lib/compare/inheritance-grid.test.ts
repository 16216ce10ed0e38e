import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispositionAt, type ForkPlan, type ForkRequest, planFork } from '@/lib/fork';
import { arbitraryTranscript } from '@/lib/fork/testing/arbitrary-transcript';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { parentOf } from '@/lib/scenarios/transcript-builders';
import { firstRequestMessages } from './first-request';
import { type GridRow, type GridVariant, inheritanceGrid } from './inheritance-grid';

const QWEN_1: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } };
const QWEN_ALL: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } };
// The code read in August: the notice in front of the task, one message the grid and the diff expect.
const KIMI: ForkRequest = { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true }, runtimeVersion: 'code-read' };
const DEEPSEEK: ForkRequest = { policy: 'deepseek-completed-turns', directive: 'task', params: {} };
const QWEN_ZERO: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '0' } };

const childRequest = (plan: ForkPlan) => firstRequestMessages(plan.child);

function gridVariant(plan: ForkPlan): GridVariant {
  return { rejected: plan.errors.length > 0, ranges: plan.parent, request: childRequest(plan) };
}

/** A row in a few characters: `#3 * i:in-window | e:before-window`, `+8 task-prompt ..x. *`. */
function rowLine(row: GridRow): string {
  if (row.kind === 'parent') {
    return `#${row.index}${row.differs ? ' *' : ''} ${row.cells.map((cell) => (cell === null ? '-' : `${cell.status[0]}:${cell.reason}`)).join(' | ')}`;
  }
  return `+${row.afterIndex} ${row.rule} ${row.present.map((present) => (present ? 'x' : '.')).join('')}${row.differs ? ' *' : ''}`;
}

describe('inheritanceGrid', () => {
  it('shows four runtimes’ treatment of the startup-block scenario, with what each child adds where it stands', () => {
    const scenario = BUILT_IN_SCENARIOS.find((candidate) => candidate.id === 'startup-block')!;
    const plans = [QWEN_1, QWEN_ALL, KIMI, DEEPSEEK].map((request) => planFork(scenario.transcript, request));
    const grid = inheritanceGrid(scenario.transcript.messages.length, plans.map(gridVariant));
    expect(grid.rows.map(rowLine)).toEqual([
      '#0 * i:startup-prefix-kept | i:merged-by-curation | i:in-window | i:in-window',
      '#1 * e:before-window | i:merged-by-curation | i:in-window | i:in-window',
      ...[2, 3, 4, 5, 6, 7, 8].map((index) => `#${index} * e:before-window | i:in-window | i:in-window | i:in-window`),
      '+8 task-prompt ...x *',
      '#9 * i:in-window | i:in-window | i:in-window | e:in-flight-turn',
      '#10 * i:tool-call-input-redacted | i:tool-call-input-redacted | i:open-tool-call-closed | e:in-flight-turn',
      '+10 open-call-closed ..x. *',
      '+10 notice-and-task-prompt ..x. *',
      '+10 fork-placeholder-result xx.. *',
      '+10 fork-directive-message xx.. *',
      '+10 fork-directive-acknowledgement xx.. *',
      '+10 fork-begin-prompt xx.. *',
    ]);
    expect(grid.differing).toBe(18);
  });

  it('shares one row between children that add the same message at the same place, and marks no difference there', () => {
    const scenario = BUILT_IN_SCENARIOS.find((candidate) => candidate.id === 'startup-block')!;
    const plans = [QWEN_1, QWEN_1].map((request) => planFork(scenario.transcript, request));
    const grid = inheritanceGrid(scenario.transcript.messages.length, plans.map(gridVariant));
    expect(grid.differing).toBe(0);
    expect(grid.rows.filter((row) => row.kind === 'added').map(rowLine)).toEqual([
      '+10 fork-placeholder-result xx',
      '+10 fork-directive-message xx',
      '+10 fork-directive-acknowledgement xx',
      '+10 fork-begin-prompt xx',
    ]);
  });

  it('keeps a variant the runtime rejects as a column of its own that takes no part in agreement', () => {
    const scenario = BUILT_IN_SCENARIOS.find((candidate) => candidate.id === 'startup-block')!;
    const plans = [QWEN_1, QWEN_ZERO, QWEN_1].map((request) => planFork(scenario.transcript, request));
    expect(plans[1]!.errors).not.toHaveLength(0);
    const grid = inheritanceGrid(scenario.transcript.messages.length, plans.map(gridVariant));
    expect(grid.differing).toBe(0);
    const first = grid.rows[0]!;
    expect(first.kind === 'parent' && first.cells[1]?.reason).toBe('request-rejected');
  });

  it('on any parent and any mix of runtimes: each cell is the plan’s disposition, and each child’s added messages appear once, in its order', () => {
    const requests = [QWEN_1, QWEN_ALL, { ...QWEN_1, params: { subagent_type: 'fork', fork_turns: '3' } }, KIMI, DEEPSEEK, QWEN_ZERO] as ForkRequest[];
    fc.assert(
      fc.property(arbitraryTranscript, fc.array(fc.constantFrom(...requests), { minLength: 2, maxLength: 8 }), (messages, chosen) => {
        const parent = parentOf(messages);
        const plans = chosen.map((request) => planFork(parent, request));
        const grid = inheritanceGrid(messages.length, plans.map(gridVariant));
        const parentRows = grid.rows.filter((row) => row.kind === 'parent');
        expect(parentRows.map((row) => row.index)).toEqual(messages.map((_, index) => index));
        plans.forEach((plan, k) => {
          for (const row of parentRows) {
            const expected = dispositionAt(plan.parent, row.index)!;
            expect([row.cells[k]?.status, row.cells[k]?.reason]).toEqual([expected.status, expected.reason]);
          }
          const added = childRequest(plan).filter(
            (message) => message.source.kind === 'synthetic' || message.source.parentIndexes.some((index) => index >= messages.length),
          );
          const shown = grid.rows.flatMap((row) => (row.kind === 'added' && row.present[k] ? [row.message.message] : []));
          expect(shown).toEqual(added.map((message) => message.message));
        });
        const accepted = plans.flatMap((plan, k) => (plan.errors.length === 0 ? [k] : []));
        for (const row of parentRows) {
          const reasons = new Set(accepted.map((k) => `${row.cells[k]?.status}:${row.cells[k]?.reason}`));
          expect(row.differs).toBe(reasons.size > 1);
        }
      }),
      { numRuns: 150 },
    );
  });
});
