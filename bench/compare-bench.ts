/**
 * `npm run bench` (compare): what a compare of 8 variants of one 10,000-message parent costs — the
 * eight plans, the inheritance grid over them and each variant's context diff against the
 * baseline — as a ratio against one plan of the same parent (qwen `all`, the priciest single
 * variant) measured in the same run. Target: at most 8× one plan, so comparing adds no cost of its
 * own beyond the plans it compares.
 */
import { contextDiff } from '../lib/compare/context-diff';
import { firstRequestMessages } from '../lib/compare/first-request';
import { inheritanceGrid } from '../lib/compare/inheritance-grid';
import { deepFreeze, type ForkRequest, planFork } from '../lib/fork';
import { syntheticParent } from '../lib/scenarios/synthetic-parent';
import { time } from './bench-timing';

const TARGET = 8;
const directive = 'Add tests.';
const qwen = (turns: string): ForkRequest => ({
  policy: 'qwen-fork-turns',
  directive,
  params: { description: 'Bench', subagent_type: 'fork', fork_turns: turns },
});
const VARIANTS: ForkRequest[] = [
  qwen('all'),
  qwen('1'),
  qwen('2'),
  qwen('4'),
  qwen('8'),
  { policy: 'kimi-fork', directive, params: { description: 'Fork', fork: true } },
  { policy: 'kimi-fork', directive, params: { description: 'Fork', fork: true }, notice: 'system-reminder' },
  { policy: 'deepseek-completed-turns', directive, params: {} },
];

// Frozen, as the server holds a registered parent.
const parent = deepFreeze(syntheticParent(10_000));

function compareAll() {
  const plans = VARIANTS.map((request) => planFork(parent, request));
  const requests = plans.map((plan) => firstRequestMessages(plan.child));
  const grid = inheritanceGrid(
    parent.messages.length,
    plans.map((plan, k) => ({ rejected: plan.errors.length > 0, ranges: plan.parent, request: requests[k]! })),
  );
  const diffs = requests.slice(1).map((request) => contextDiff(requests[0]!, request));
  return { grid, diffs };
}

const one = time(() => planFork(parent, VARIANTS[0]!), 9);
const all = time(compareAll, 9);
const ratio = all / one;
console.log('compare: 8 variants of a 10,000-message parent (plans, grid, diffs against the baseline) vs one plan');
console.log(`one plan ${one.toFixed(1)} ms · compare of 8 ${all.toFixed(1)} ms · ratio ${ratio.toFixed(2)}×`);
const grid = compareAll().grid;
console.log(`grid rows ${grid.rows.length} · differing ${grid.differing}`);
const ok = ratio <= TARGET;
console.log(`${ok ? 'ok  ' : 'MISS'}  compare of 8 / one plan at 10k: ${ratio.toFixed(3)} (target ≤ ${TARGET})`);
if (!ok) process.exitCode = 1;
