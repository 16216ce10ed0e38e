/**
 * The built-in scenarios, written with the transcript builders. `npm run scenarios` writes them to
 * `public/scenarios/`, where the app loads them; a unit test keeps the two in step.
 */

import type { ForkRequest, TranscriptMessage } from '@/lib/fork';
import { CLAUDE_CODE_SCENARIOS } from './claude-code-scenarios';
import { CODEX_SCENARIOS } from './codex-scenarios';
import { KIMI_SWARM_SCENARIOS } from './kimi-swarm-scenarios';
import type { Scenario } from './scenario';
import { DIRECTIVE, STARTUP, scenario } from './scenario-builder';
import { assistant, reminder, toolCalls, toolResults, user } from './transcript-builders';

const qwen = (forkTurns: string, directive = DIRECTIVE): ForkRequest => ({
  policy: 'qwen-fork-turns',
  directive,
  params: { description: 'Fork', subagent_type: 'fork', fork_turns: forkTurns },
});

/** Three ordinary turns about a date parser; facts in early turns let a child show what it inherited. */
const dateParserTurns = (): TranscriptMessage[] => [
  user('u1', 'The deploy failed. The release tag is v2.14.3 — remember it. Can you look at src/date.ts?'),
  toolCalls('c1', [{ id: 'read-1', tool: 'read_file', input: { path: 'src/date.ts' } }]),
  toolResults('r1', [
    {
      id: 'read-1',
      tool: 'read_file',
      output: 'export function parseDate(s: string) {\n  const [y, m, d] = s.split("-").map(Number);\n  return new Date(y, m, d);\n}',
    },
  ]),
  assistant('a1', 'parseDate passes the month straight to new Date, which counts months from 0: "2026-01-15" becomes February 15.'),
  user('u2', 'Fix the month offset. Also, the customer is Acme Bank; they reported it.'),
  toolCalls('c2', [
    {
      id: 'write-1',
      tool: 'write_file',
      input: {
        path: 'src/date.ts',
        content: 'export function parseDate(s: string) {\n  const [y, m, d] = s.split("-").map(Number);\n  return new Date(y, m - 1, d);\n}',
      },
    },
  ]),
  toolResults('r2', [{ id: 'write-1', tool: 'write_file', output: 'wrote src/date.ts (4 lines)' }]),
  assistant('a2', 'Fixed: the month is now m - 1. Empty strings and "2026-13-01" still parse silently; worth testing.'),
  user('u3', 'Good. Fork a worker to write the tests while we keep going.'),
];

const agentCall = (id: string, callId: string, input: Record<string, unknown>, text?: string) => toolCalls(id, [{ id: callId, tool: 'agent', input }], text);

export const BUILT_IN_SCENARIOS: Scenario[] = [
  scenario(
    'startup-block',
    'Startup block',
    'A numeric window keeps the startup reminder in front of the last N turns; "all" merges it into the first prompt.',
    [STARTUP, ...dateParserTurns(), agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: DIRECTIVE })],
    qwen('1'),
  ),
  scenario(
    'compaction-summary',
    'Compaction summary with attachment',
    'The compacted-history prefix (summary, acknowledgement, attachment, replayed read) is left out of a numeric window and kept by "all".',
    [
      STARTUP,
      user(
        'summary',
        '<summary>We are fixing date handling in /repo. The release tag is v2.14.3. parseDate had an off-by-one month.</summary>\nResume the prior task from this summary.',
      ),
      assistant('summary-ack', 'Got it. Thanks for the additional context!'),
      user('attachment', 'The following files were recently accessed before context was compacted.\n- src/date.ts\n- src/date.test.ts'),
      toolCalls('replay', [{ id: 'replay-1', tool: 'read_file', input: { path: 'src/date.ts' } }]),
      toolResults('replay-result', [{ id: 'replay-1', tool: 'read_file', output: 'export function parseDate(s: string) { /* fixed */ }' }]),
      assistant('resume', 'I re-read src/date.ts; the month fix is in place.'),
      user('u1', 'Now make parseDate reject "2026-13-01".'),
      assistant('a1', 'Done: months outside 1–12 now throw a RangeError.'),
      user('u2', 'Fork a worker to write the tests.'),
      agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '2', prompt: DIRECTIVE }),
    ],
    qwen('2'),
  ),
  scenario(
    'reminders-between-turns',
    'Reminders between turns',
    'Pure reminders never use up a turn of the window; a reminder right before a prompt is merged into it by curation.',
    [
      STARTUP,
      user('u1', 'List the date helpers.'),
      assistant('a1', 'parseDate, formatDate and addDays, all in src/date.ts.'),
      reminder('todo-1', 'Your todo list changed: 1. fix parseDate 2. add tests'),
      reminder('files-1', 'src/date.ts was modified outside this session.'),
      user('u2', 'Fix parseDate first.'),
      assistant('a2', 'Fixed the month offset.'),
      reminder('todo-2', 'Your todo list changed: 1. add tests'),
      user('u3', 'Fork a worker for the tests.'),
      agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '2', prompt: DIRECTIVE }),
    ],
    qwen('2'),
  ),
  scenario(
    'tool-only-turns',
    'Tool-only turns',
    'Tool calls and results never count as turns: a turn with a long tool loop is still one turn.',
    [
      STARTUP,
      user('u1', 'Find every caller of parseDate.'),
      toolCalls('c1', [{ id: 'search-1', tool: 'search_files', input: { query: 'parseDate(' } }]),
      toolResults('r1', [{ id: 'search-1', tool: 'search_files', output: 'src/api.ts:12\nsrc/cli.ts:40\nsrc/report.ts:7' }]),
      toolCalls('c2', [{ id: 'read-api', tool: 'read_file', input: { path: 'src/api.ts' } }]),
      toolResults('r2', [{ id: 'read-api', tool: 'read_file', output: 'const when = parseDate(req.query.date);' }]),
      toolCalls('c3', [{ id: 'read-cli', tool: 'read_file', input: { path: 'src/cli.ts' } }]),
      toolResults('r3', [{ id: 'read-cli', tool: 'read_file', output: 'const since = parseDate(argv.since ?? "1970-01-01");' }]),
      assistant('a1', 'Three callers: api.ts, cli.ts and report.ts. None check for an invalid date.'),
      user('u2', 'Fork a worker to add checks to all three.'),
      agentCall('fork', 'agent-1', {
        description: 'Fork',
        subagent_type: 'fork',
        fork_turns: '1',
        prompt: 'Add invalid-date checks to every caller of parseDate.',
      }),
    ],
    qwen('1', 'Add invalid-date checks to every caller of parseDate.'),
  ),
  scenario(
    'image-only-turn',
    'Image-only turn',
    'A user message holding only an image is a real turn: a window of 1 starts there.',
    [
      STARTUP,
      user('u1', 'The report page shows the wrong month.'),
      assistant('a1', 'Can you send a screenshot?'),
      user('shot', [
        { type: 'image', image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', mediaType: 'image/png' },
      ]),
      assistant('a2', 'The chart labels January as February: the same month offset.'),
      agentCall(
        'fork',
        'agent-1',
        { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: 'Fix the month labels on the report page.' },
        'Forking a worker to fix the labels.',
      ),
    ],
    qwen('1', 'Fix the month labels on the report page.'),
  ),
  scenario(
    'whitespace-prompt',
    'Whitespace-only prompt',
    'A prompt of only white space is not a real turn, so the window reaches back to the last real one.',
    [
      STARTUP,
      user('u1', 'Check formatDate for the same bug.'),
      assistant('a1', 'formatDate is fine: it adds 1 to getMonth().'),
      user('blank', '   \n  '),
      assistant('a2', 'It looks like your message was empty. Shall I continue with the tests?'),
      agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: DIRECTIVE }, 'Forking a test writer.'),
    ],
    qwen('1'),
  ),
  scenario(
    'legacy-startup-pair',
    'Legacy startup pair',
    'The older startup form — a context message and "Got it. Thanks for the context!" — is kept in front of a numeric window.',
    [
      user('context', 'This is the Qwen Code environment context.\nWorking directory: /repo\nPlatform: linux'),
      assistant('context-ack', 'Got it. Thanks for the context!'),
      ...dateParserTurns(),
      agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: DIRECTIVE }),
    ],
    qwen('1'),
  ),
  scenario(
    'parallel-sibling-forks',
    'Parallel sibling fork calls',
    'Two fork calls in one message: each child sees both calls with inputs redacted to {}, so neither reads the other’s directive.',
    [
      STARTUP,
      ...dateParserTurns().slice(0, 8),
      user('u3', 'Split the rest: tests in one worker, docs in another.'),
      toolCalls(
        'forks',
        [
          { id: 'agent-tests', tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', fork_turns: '2', prompt: DIRECTIVE } },
          {
            id: 'agent-docs',
            tool: 'agent',
            input: { description: 'Fork', subagent_type: 'fork', fork_turns: '2', prompt: 'Document parseDate’s accepted formats in README.md.' },
          },
        ],
        'Starting two workers.',
      ),
    ],
    qwen('2'),
  ),
  scenario(
    'partial-parallel-batch',
    'Partially answered parallel batch',
    'Kimi closes only the calls that have no result yet, after the results that exist, with a synthetic “outcome unknown” result.',
    [
      STARTUP,
      user('u1', 'Read the three date modules and start a reviewer on the diff.'),
      toolCalls('batch', [
        { id: 'read-date', tool: 'read_file', input: { path: 'src/date.ts' } },
        { id: 'read-format', tool: 'read_file', input: { path: 'src/format.ts' } },
        { id: 'review', tool: 'agent', input: { fork: true, prompt: 'Review the date fix for regressions.' } },
      ]),
      toolResults('read-date-result', [{ id: 'read-date', tool: 'read_file', output: 'export function parseDate(s: string) { /* fixed */ }' }]),
    ],
    { policy: 'kimi-fork', directive: 'Review the date fix for regressions.', params: { description: 'Fork', fork: true } },
  ),
  scenario(
    'trailing-unanswered-user',
    'Trailing unanswered user message',
    'A user message that arrived while the fork call was in flight was never answered: it is dropped before the directive is sent.',
    [
      STARTUP,
      user('u1', 'What does addDays do at month ends?'),
      assistant('a1', 'It rolls over correctly: Jan 31 + 1 day is Feb 1.'),
      user('u2', 'Check it across daylight-saving changes in the background.'),
      agentCall('fork', 'agent-1', {
        description: 'Fork',
        subagent_type: 'fork',
        fork_turns: 'all',
        prompt: 'Check addDays across daylight-saving changes and report.',
      }),
      user('u3', 'And what about leap years?'),
    ],
    qwen('all', 'Check addDays across daylight-saving changes and report.'),
  ),
  scenario(
    'mid-turn-fork',
    'Mid-turn fork (completed turns)',
    'The completed-turn policy inherits through the last turn end, whatever its reason, and none of the turn in flight.',
    [
      STARTUP,
      user('u1', 'Run the test suite.'),
      toolCalls('c1', [{ id: 'search-1', tool: 'search_files', input: { query: 'describe(' } }]),
      toolResults('r1', [{ id: 'search-1', tool: 'search_files', output: 'src/date.test.ts\nsrc/format.test.ts' }]),
      assistant('a1', 'Two test files; date.test.ts has 3 failures. The release tag is v2.14.3.', { turnEnd: 'completed' }),
      user('u2', 'Fix all three failures.'),
      assistant('a2', 'I fixed two; I stopped before the third because the output limit was hit.', { turnEnd: 'max-tokens' }),
      user('u3', 'Delegate a summary of what is left while you fix the third.'),
      toolCalls('c3', [{ id: 'read-3', tool: 'read_file', input: { path: 'src/date.test.ts' } }]),
      toolResults('r3', [{ id: 'read-3', tool: 'read_file', output: 'it("rejects 2026-13-01", ...)' }]),
      agentCall('fork', 'delegate-1', { provider: 'fork', task: 'Summarise the remaining failure.' }),
    ],
    { policy: 'deepseek-completed-turns', directive: 'Summarise the remaining test failure and its likely cause.', params: {} },
  ),
  scenario(
    'first-turn-fork',
    'First-turn fork',
    'A fork in the very first turn inherits nothing: the child starts exactly like a fresh spawn.',
    [
      STARTUP,
      user('u1', 'Start two things at once: audit the date code, and in parallel draft release notes for v2.14.3.'),
      agentCall('fork', 'delegate-1', { provider: 'fork', task: 'Draft release notes for v2.14.3.' }, 'Delegating the release notes.'),
    ],
    { policy: 'deepseek-completed-turns', directive: 'Draft release notes for v2.14.3.', params: {} },
  ),
  ...KIMI_SWARM_SCENARIOS,
  ...CODEX_SCENARIOS,
  ...CLAUDE_CODE_SCENARIOS,
];

/** The scenario the app opens with. */
export const DEFAULT_SCENARIO_ID = 'startup-block';
