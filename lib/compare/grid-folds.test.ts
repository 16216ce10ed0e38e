import { describe, expect, it } from 'vitest';
import { type ForkRequest, planFork } from '@/lib/fork';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { disagreements } from './disagreements';
import { firstRequestMessages } from './first-request';
import { foldGrid, type GridItem } from './grid-folds';
import { inheritanceGrid } from './inheritance-grid';

const QWEN_1: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } };
const QWEN_ALL: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } };
const DEEPSEEK: ForkRequest = { policy: 'deepseek-completed-turns', directive: 'task', params: {} };
const LETTERS = ['A', 'B', 'C'];

function setUp(requests: readonly ForkRequest[]) {
  const scenario = BUILT_IN_SCENARIOS.find((candidate) => candidate.id === 'startup-block')!;
  const grid = inheritanceGrid(
    scenario.transcript.messages.length,
    requests.map((request) => {
      const plan = planFork(scenario.transcript, request);
      return { rejected: plan.errors.length > 0, ranges: plan.parent, request: firstRequestMessages(plan.child) };
    }),
  );
  return { grid, found: disagreements(grid, LETTERS.slice(0, requests.length), 0) };
}

const described = (items: readonly GridItem[]) => items.map((item) => (item.kind === 'row' ? item.position : `${item.open ? 'open' : 'fold'} ${item.line}`));

describe('foldGrid', () => {
  it('folds each run of three or more rows that follow one pattern into the line that says it', () => {
    const { grid, found } = setUp([QWEN_1, QWEN_ALL, DEEPSEEK]);
    const all = grid.rows.map((_, position) => position);
    expect(described(foldGrid(grid.rows, all, found.patternOfRow, new Set()))).toEqual([
      0,
      'fold rows 1–8: only A leaves them out',
      9,
      10,
      11,
      'fold 4 messages added after row 10: all but C add them',
    ]);
  });

  it('opens a fold where it was opened, its line first, and folds the rows every variant has alike', () => {
    const { grid, found } = setUp([QWEN_ALL, QWEN_ALL]);
    const all = grid.rows.map((_, position) => position);
    const folded = foldGrid(grid.rows, all, found.patternOfRow, new Set());
    expect(described(folded)).toEqual([`fold rows 0–${grid.rows.length - 5} and 4 added messages: every variant treats them alike`]);
    const opened = foldGrid(grid.rows, all, found.patternOfRow, new Set([0]));
    expect(opened[0]).toMatchObject({ kind: 'fold', open: true, count: grid.rows.length });
    expect(opened.slice(1).map((item) => (item.kind === 'row' ? item.position : -1))).toEqual(all);
  });

  it('folds runs among the rows shown, not the whole grid', () => {
    const { grid, found } = setUp([QWEN_1, QWEN_ALL, DEEPSEEK]);
    const differing = grid.rows.flatMap((row, position) => (row.differs ? [position] : []));
    expect(described(foldGrid(grid.rows, differing.slice(0, 2), found.patternOfRow, new Set()))).toEqual(differing.slice(0, 2));
  });
});
