/** Scenarios for Kimi Code's AgentSwarm with `fork: true`: one fork per item, launched together. */

import type { Scenario } from './scenario';
import { STARTUP, scenario } from './scenario-builder';
import { assistant, toolCalls, toolResults, user } from './transcript-builders';

const TEMPLATE = 'Review {{item}} for regressions from the month fix.';
const ITEMS = ['src/date.ts', 'src/format.ts', 'src/calendar.ts'];

export const KIMI_SWARM_SCENARIOS: Scenario[] = [
  scenario(
    'kimi-agent-swarm-fork',
    'Kimi AgentSwarm: one fork per item',
    'An AgentSwarm call with fork: true starts three children together. Each gets the same snapshot, the swarm call closed with “outcome unknown”, and the notice in front of its own item’s prompt.',
    [
      STARTUP,
      user('u1', 'parseDate is off by one month; the fix is m - 1. Three modules call it.'),
      toolCalls('read', [{ id: 'read-1', tool: 'read_file', input: { path: 'src/date.ts' } }]),
      toolResults('read-result', [{ id: 'read-1', tool: 'read_file', output: 'return new Date(y, m - 1, d);' }]),
      assistant('a1', 'The fix is in. Three callers may depend on the old month.'),
      user('u2', 'Review every caller in parallel.'),
      toolCalls('swarm', [
        { id: 'swarm-1', tool: 'AgentSwarm', input: { description: 'Review callers', prompt_template: TEMPLATE, items: ITEMS, fork: true } },
      ]),
    ],
    { policy: 'kimi-agent-swarm', directive: TEMPLATE, params: { description: 'Review callers', items: ITEMS, fork: true }, notice: 'prompt-prefix' },
  ),
];
