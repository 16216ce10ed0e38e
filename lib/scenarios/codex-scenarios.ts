/**
 * Scenarios for Codex's `spawn_agent`: a session as the Codex importer keeps it (developer
 * messages as system messages, harness context blocks as user messages, phases on assistant text).
 */

import type { ForkRequest, TranscriptMessage } from '@/lib/fork';
import { ROOT_AGENT_USAGE_HINT } from '@/lib/fork/codex/multi-agent-messages';
import type { Scenario } from './scenario';
import { DIRECTIVE, scenario } from './scenario-builder';
import { phased, system, toolResults, user } from './transcript-builders';

const STARTUP_CONTEXT = { origin: { format: 'codex', meta: true, note: 'startup context' } };

const DOCS_TASK = 'Document the date formats parseDate accepts in README.md.';

const codexSession = (): TranscriptMessage[] => [
  system('developer', '<permissions instructions>\nFilesystem sandbox: workspace-write. Network: off.\n</permissions instructions>'),
  system('usage-hint', ROOT_AGENT_USAGE_HINT),
  // Marked as the Codex importer marks Codex's own context, so the timeline numbers turns as Codex counts them.
  user(
    'agents-md',
    '# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nRun npm test before you finish. Keep functions small.\n</INSTRUCTIONS>',
    STARTUP_CONTEXT,
  ),
  user('environment', '<environment_context>\n  <cwd>/repo</cwd>\n  <shell>bash</shell>\n</environment_context>', STARTUP_CONTEXT),
  user('u1', 'parseDate is off by one month. Fix it. The release tag is v2.14.3.'),
  {
    id: 'read',
    message: {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'JavaScript months count from 0, so the parsed month needs - 1.' },
        { type: 'text', text: 'Reading src/date.ts.', providerOptions: { openai: { phase: 'commentary' } } },
        { type: 'tool-call', toolCallId: 'read-1', toolName: 'read_file', input: { path: 'src/date.ts' } },
      ],
    },
  },
  toolResults('read-result', [
    {
      id: 'read-1',
      tool: 'read_file',
      output: 'export function parseDate(s: string) {\n  const [y, m, d] = s.split("-").map(Number);\n  return new Date(y, m, d);\n}',
    },
  ]),
  phased('write', 'commentary', 'Patching the month.', [
    { id: 'write-1', tool: 'write_file', input: { path: 'src/date.ts', content: 'return new Date(y, m - 1, d);' } },
  ]),
  toolResults('write-result', [{ id: 'write-1', tool: 'write_file', output: 'wrote src/date.ts' }]),
  phased('answer', 'final_answer', 'Fixed: the month is now m - 1. Empty strings and "2026-13-01" still parse silently; worth testing.'),
  user('u2', 'Fork two workers: one for tests, one for docs.'),
  phased('spawn', 'commentary', 'Spawning two workers.', [
    { id: 'spawn-tests', tool: 'spawn_agent', input: { task_name: 'tests', message: DIRECTIVE } },
    { id: 'spawn-docs', tool: 'spawn_agent', input: { task_name: 'docs', message: DOCS_TASK } },
  ]),
];

/** A request under the rules read in codex-rs (the filtered history), or as 0.169 ships them. */
const codex = (params: Record<string, unknown>, runtimeVersion: '0.169' | 'codex-rs' = 'codex-rs'): ForkRequest => ({
  policy: 'codex-spawn-agent',
  directive: DIRECTIVE,
  params: { task_name: 'tests', ...params },
  runtimeVersion,
  lock: 'three-fields',
  finalAnswers: 'phase',
});

export const CODEX_SCENARIOS: Scenario[] = [
  scenario(
    'codex-shipped-fork',
    'Codex 0.169: every item, the sibling’s call too',
    'As 0.169 ships it, a full-history spawn_agent fork keeps every item as it is (reasoning, commentary, tool calls and outputs, the root usage hint), answers each open call "aborted" right after it, so the sibling’s call and its task reach the child, then adds three developer messages and the task as an agent message.',
    codexSession(),
    codex({}, '0.169'),
  ),
  scenario(
    'codex-final-answers',
    'Codex (codex-rs, as read): messages and final answers only',
    'A full-history spawn_agent fork keeps user, developer and final-answer messages; tool calls, tool outputs, reasoning, commentary and the root usage hint are removed, so the sibling’s task never reaches the child.',
    codexSession(),
    codex({}),
  ),
  scenario(
    'codex-last-turns-under-limit',
    'Codex (codex-rs, as read): last N turns drop the startup context',
    'fork_turns "3" with only two turns starts at the first turn: the developer instructions, AGENTS.md and environment context before it are not forked.',
    codexSession(),
    codex({ fork_turns: '3' }),
  ),
  scenario(
    'codex-full-fork-lock',
    'Codex (codex-rs, as read): the full-history lock',
    'fork_turns left out means "all", and a full-history fork keeps the parent’s model: asking for another model is refused in Codex’s words.',
    codexSession(),
    codex({ model: 'gpt-5-mini' }),
  ),
];
