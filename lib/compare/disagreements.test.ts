import { describe, expect, it } from 'vitest';
import { type ForkPlan, type ForkRequest, planFork } from '@/lib/fork';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { baselineLine, disagreements, patternLine } from './disagreements';
import { firstRequestMessages } from './first-request';
import { inheritanceGrid } from './inheritance-grid';

const QWEN_1: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } };
const QWEN_ALL: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } };
const QWEN_ZERO: ForkRequest = { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '0' } };
// The code read in August: the notice in front of the task, one message the grid and the diff expect.
const KIMI: ForkRequest = { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true }, runtimeVersion: 'code-read' };
const DEEPSEEK: ForkRequest = { policy: 'deepseek-completed-turns', directive: 'task', params: {} };
const LETTERS = ['A', 'B', 'C', 'D', 'E'];

function gridOf(requests: readonly ForkRequest[]) {
  const scenario = BUILT_IN_SCENARIOS.find((candidate) => candidate.id === 'startup-block')!;
  const plans: ForkPlan[] = requests.map((request) => planFork(scenario.transcript, request));
  return inheritanceGrid(
    scenario.transcript.messages.length,
    plans.map((plan) => ({ rejected: plan.errors.length > 0, ranges: plan.parent, request: firstRequestMessages(plan.child) })),
  );
}

describe('disagreements', () => {
  it('says how four runtimes disagree on the startup-block scenario, pattern by pattern, largest first', () => {
    const grid = gridOf([QWEN_1, QWEN_ALL, KIMI, DEEPSEEK]);
    const found = disagreements(grid, LETTERS.slice(0, 4), 0);
    expect(found.patterns.map(patternLine)).toEqual([
      'rows 1–8: only A leaves them out',
      'after row 10: A and B add them; C and D do not',
      'rows 9–10: only D leaves them out',
      'after row 10: only C adds them',
      'after row 8: only D adds it',
    ]);
    // Row 0: all four inherit it, each by a rule of its own name.
    expect(found.ruleOnly).toBe(1);
    expect(found.against.map((difference) => baselineLine(difference, LETTERS, 0))).toEqual([
      'B against A: keeps 8 rows A leaves out (1–8)',
      'C against A: keeps 8 rows A leaves out (1–8); adds 2 messages A’s child lacks; lacks 4 messages A’s child has',
      'D against A: keeps 8 rows A leaves out (1–8); leaves out 2 rows A keeps (9–10); adds 1 message A’s child lacks; lacks 4 messages A’s child has',
    ]);
  });

  it('leaves out a variant the runtime refused, and finds nothing between two alike', () => {
    const grid = gridOf([QWEN_1, QWEN_ZERO, QWEN_1]);
    const found = disagreements(grid, LETTERS.slice(0, 3), 0);
    expect(found.patterns).toEqual([]);
    expect(found.against.map((difference) => baselineLine(difference, LETTERS, 0))).toEqual(['C against A: the same rows and messages']);
  });
});
