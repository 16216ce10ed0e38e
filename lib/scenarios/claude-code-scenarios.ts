/** Scenarios for Claude Code's fork subagent (`subagent_type: "fork"`). */

import type { Scenario } from './scenario';
import { DIRECTIVE, scenario } from './scenario-builder';
import { assistant, toolCalls, toolResults, user } from './transcript-builders';

const DOCS_TASK = 'Document the date formats parseDate accepts in README.md.';

export const CLAUDE_CODE_SCENARIOS: Scenario[] = [
  scenario(
    'claude-code-sibling-forks',
    'Claude Code: sibling forks share a prefix',
    'Two fork calls in one message: each child gets the whole conversation, that message as it is and the same placeholder result for both calls, so the siblings differ only in their directive.',
    [
      user('u1', 'parseDate is off by one month. The release tag is v2.14.3.'),
      toolCalls('read', [{ id: 'read-1', tool: 'read_file', input: { path: 'src/date.ts' } }]),
      toolResults('read-result', [{ id: 'read-1', tool: 'read_file', output: 'return new Date(y, m, d);' }]),
      assistant('a1', 'Fixed: the month is now m - 1. Empty strings still parse silently.'),
      user('u2', 'Fork two workers: tests and docs.'),
      toolCalls(
        'forks',
        [
          { id: 'fork-tests', tool: 'Agent', input: { description: 'Write parseDate tests', subagent_type: 'fork', prompt: DIRECTIVE } },
          { id: 'fork-docs', tool: 'Agent', input: { description: 'Document parseDate', subagent_type: 'fork', prompt: DOCS_TASK } },
        ],
        'Forking two workers.',
      ),
    ],
    { policy: 'claude-code-fork', directive: DIRECTIVE, params: { description: 'Write parseDate tests', subagent_type: 'fork' }, gate: 'subagent-type-fork' },
  ),
];
