import { describe, expect, it } from 'vitest';
import {
  addVariant,
  type CompareSetup,
  defaultCompareSetup,
  duplicateVariant,
  MAX_VARIANTS,
  moveVariant,
  removeVariant,
  restoreCompareSetup,
  restoreVariant,
  updateVariant,
  variantRemoval,
  variantRequest,
} from './compare-setup';

const ids = () => {
  let next = 0;
  return () => `v${++next}`;
};

const qwenTwo = { policy: 'qwen-fork-turns' as const, values: { subagent_type: 'fork', fork_turns: '2' }, forkPoint: null, directive: 'Write the tests.' };

describe('compare setup', () => {
  it('starts from the playground’s fork, the same runtime with every turn, then every other runtime at its defaults', () => {
    const setup = defaultCompareSetup(qwenTwo, 'offline', ids());
    expect(setup.baselineId).toBe('v1');
    expect(setup.variants.map((variant) => variantRequest(variant, setup.directive))).toEqual([
      { policy: 'qwen-fork-turns', directive: 'Write the tests.', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '2' } },
      { policy: 'qwen-fork-turns', directive: 'Write the tests.', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } },
      { policy: 'kimi-fork', directive: 'Write the tests.', params: { description: 'Fork', fork: true } },
      { policy: 'deepseek-completed-turns', directive: 'Write the tests.', params: { description: 'Fork' } },
      {
        policy: 'codex-spawn-agent',
        directive: 'Write the tests.',
        params: { task_name: 'worker', fork_turns: 'all' },
        lock: 'three-fields',
        finalAnswers: 'phase',
      },
      {
        policy: 'claude-code-fork',
        directive: 'Write the tests.',
        params: { description: 'Forked worker', subagent_type: 'fork' },
        gate: 'subagent-type-fork',
      },
      { policy: 'deep-agents-fork', directive: 'Write the tests.', params: { subagent_type: 'forker' } },
    ]);
  });

  it('adds, duplicates, moves and removes variants within 2 to 8, handing the baseline on when it is removed', () => {
    const next = ids();
    let setup: CompareSetup = defaultCompareSetup(qwenTwo, 'offline', next);
    setup = duplicateVariant(setup, 'v1', next);
    expect(setup.variants.map((variant) => variant.id)).toEqual(['v1', 'v8', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
    setup = moveVariant(moveVariant(setup, 'v4', -1), 'v1', -1);
    expect(setup.variants.map((variant) => variant.id)).toEqual(['v1', 'v8', 'v2', 'v4', 'v3', 'v5', 'v6', 'v7']);
    // Every runtime at its defaults already fills the compare: adding takes a free place.
    expect(addVariant(setup, next)).toBe(setup);
    setup = addVariant(removeVariant(setup, 'v7'), next);
    expect(setup.variants.map((variant) => variant.id)).toEqual(['v1', 'v8', 'v2', 'v4', 'v3', 'v5', 'v6', 'v9']);
    expect(setup.variants.at(-1)).toEqual({ ...setup.variants.at(-2)!, id: 'v9' });
    while (setup.variants.length < MAX_VARIANTS) setup = addVariant(setup, next);
    expect(addVariant(setup, next)).toBe(setup);
    setup = removeVariant(setup, 'v1');
    expect(setup.baselineId).toBe('v8');
    for (const id of setup.variants.map((variant) => variant.id)) setup = removeVariant(setup, id);
    expect(setup.variants).toHaveLength(2);
  });

  it('puts a removed variant back at its place and as the baseline, keeping edits made since', () => {
    const next = ids();
    let setup = defaultCompareSetup(qwenTwo, 'offline', next);
    const order = setup.variants.map((variant) => variant.id);
    const [first, second, third] = order as [string, string, string];
    setup = {
      ...setup,
      baselineId: second,
      runs: { [second]: { runId: 'r', requestKey: 'k', modelId: 'offline', status: 'finished', output: 'done', error: null } },
    };
    const removal = variantRemoval(setup, second)!;
    expect(removal).toMatchObject({ index: 1, wasBaseline: true });
    let removed = removeVariant(setup, second);
    expect(removed.baselineId).toBe(first);
    removed = updateVariant(removed, third, (variant) => ({ ...variant, forkPoint: 3 }));
    const back = restoreVariant(removed, removal);
    expect(back.variants.map((variant) => variant.id)).toEqual(order);
    expect(back.baselineId).toBe(second);
    expect(back.variants[2]!.forkPoint).toBe(3);
    expect(back.runs?.[second]?.output).toBe('done');
    expect(restoreVariant(back, removal)).toBe(back);
    expect(variantRemoval(setup, 'gone')).toBeNull();
  });

  it('restores only a compare that is whole: known runtimes, a baseline among the variants, distinct ids', () => {
    const setup = defaultCompareSetup(qwenTwo, 'offline', ids());
    expect(restoreCompareSetup(JSON.parse(JSON.stringify(setup)))).toEqual(setup);
    expect(restoreCompareSetup({ ...setup, baselineId: 'gone' })).toBeUndefined();
    expect(restoreCompareSetup({ ...setup, variants: [setup.variants[0], { ...setup.variants[1], policy: 'claude-code-later' }] })).toBeUndefined();
    expect(restoreCompareSetup({ ...setup, variants: [setup.variants[0], setup.variants[0]] })).toBeUndefined();
    expect(restoreCompareSetup({ ...setup, variants: setup.variants.slice(0, 1) })).toBeUndefined();
    expect(restoreCompareSetup('nonsense')).toBeUndefined();
  });
});
