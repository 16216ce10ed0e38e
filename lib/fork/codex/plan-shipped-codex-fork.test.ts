import { describe, expect, it } from 'vitest';
import { parentOf, phased, system, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork } from '../plan-fork';
import { deepFreeze } from '../transcript/deep-freeze';
import type { ToolDeclaration, TranscriptMessage } from '../transcript/transcript';
import type { CodexForkRequest } from './codex-fork-request';
import { MULTI_AGENT_MODE, ROOT_USAGE_HINT_0169, SPAWNED_CHILD_NOTICE, SUBAGENT_USAGE_HINT_0169 } from './shipped-messages';

const TASK = 'Write unit tests for parseDate.';
const DOCS = 'Document parseDate.';
const spawn = (id: string, task: string) => ({ id, tool: 'spawn_agent', input: { task_name: id, message: task } });

/** A 0.169 session as its Responses requests read: developer messages as system messages, every item kept. */
const session = (): TranscriptMessage[] => [
  system('base', 'You are a coding agent running in the Codex CLI.'),
  system('hint', ROOT_USAGE_HINT_0169),
  system('mode', MULTI_AGENT_MODE),
  user('env', '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>'),
  user('u1', 'When does the train leave?'),
  {
    id: 'read',
    message: {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'The notes say.' },
        { type: 'text', text: 'Reading notes.txt.', providerOptions: { openai: { phase: 'commentary' } } },
        { type: 'tool-call', toolCallId: 'cat', toolName: 'exec_command', input: { cmd: 'cat notes.txt' } },
      ],
    },
  },
  toolResults('out', [{ id: 'cat', tool: 'exec_command', output: 'The train leaves on Thursday.' }]),
  phased('a1', 'final_answer', 'On Thursday.'),
  user('u2', 'Fork two workers: tests and docs.'),
  phased('spawn', 'commentary', 'Spawning both.', [spawn('tests', TASK), spawn('docs', DOCS)]),
];

const COLLABORATION: ToolDeclaration[] = ['spawn_agent', 'wait_agent'].map((name) => ({ name, namespace: 'collaboration', inputSchema: { type: 'object' } }));
const EXEC: ToolDeclaration = { name: 'exec_command', description: 'Run a command.', inputSchema: { type: 'object' } };
const parent = () => parentOf(session(), { tools: [EXEC, ...COLLABORATION] });

const request = (params: CodexForkRequest['params'], directive = TASK): CodexForkRequest => ({
  policy: 'codex-spawn-agent',
  directive,
  params: { task_name: 'tests', ...params },
});

const copy = (messages: TranscriptMessage[], index: number): ChildMessage => ({
  message: messages[index]!.message,
  source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
});
const spawnMessage = session()[9]!.message as { content: unknown[] };
const piece = (content: unknown[]): ChildMessage => ({
  message: { role: 'assistant', content } as ChildMessage['message'],
  source: { kind: 'copy', parentIndexes: [9], parentIds: ['spawn'], change: 'split' },
});
const outputs = (results: [string, string][]): ChildMessage => ({
  message: {
    role: 'tool',
    content: results.map(([id, value]) => ({ type: 'tool-result', toolCallId: id, toolName: 'spawn_agent', output: { type: 'text', value } })),
  },
  source: { kind: 'synthetic', rule: 'call-aborted', toolCallIds: results.map(([id]) => id) },
});
const TAIL: ChildMessage[] = [
  { message: { role: 'system', content: SPAWNED_CHILD_NOTICE }, source: { kind: 'synthetic', rule: 'inheritance-notice' } },
  { message: { role: 'system', content: SUBAGENT_USAGE_HINT_0169 }, source: { kind: 'synthetic', rule: 'subagent-usage-hint' } },
  { message: { role: 'system', content: MULTI_AGENT_MODE }, source: { kind: 'synthetic', rule: 'multi-agent-mode' } },
];
const taskFor = (name: string, payload: string) => ({
  role: 'user',
  content: [
    { type: 'text', text: `Message Type: NEW_TASK\nTask name: /root/${name}\nSender: /root\nPayload:\n` },
    { type: 'text', text: payload },
  ],
});

describe('planFork — Codex 0.169 spawn_agent, as shipped', () => {
  it('is the newest Codex version: a request that names none gets it, and the plan says so', () => {
    expect(planFork(parent(), request({})).runtimeVersion).toBe('0.169');
  });

  it('forks every item as it is, answers each open call "aborted" right after it, then the three developer messages and the task', () => {
    const messages = session();
    const plan = planFork(parent(), request({ fork_turns: 'all' }));
    const [commentary, tests, docs] = spawnMessage.content;
    expect(plan.child!.initialMessages).toEqual([
      ...messages.slice(0, 9).map((_, index) => copy(messages, index)),
      piece([commentary, tests]),
      outputs([['tests', 'aborted']]),
      // The sibling's call reaches this child, its task included: 0.169 filters nothing.
      piece([docs]),
      outputs([['docs', 'aborted']]),
      ...TAIL,
    ]);
    expect(plan.child!.firstPrompt).toEqual({ message: taskFor('tests', TASK), source: { kind: 'synthetic', rule: 'agent-message-task' } });
    expect(plan.parent.map((range) => `${range.start}-${range.end} ${range.reason}`)).toEqual(['0-9 in-window', '9-10 open-tool-call-closed']);
    expect(plan.window).toMatchObject({ start: 0, end: 10, description: 'the whole history, every item as it is (2 open calls answered "aborted")' });
    expect(plan.warnings).toEqual([]);
  });

  it('gives a later sibling the earlier one’s real output, after its own "aborted": Codex runs a response’s calls in order', () => {
    const plan = planFork(parent(), request({ task_name: 'docs' }, DOCS));
    expect(plan.child!.initialMessages.slice(9, 11)).toEqual([
      { ...copy(session(), 9), source: { ...copy(session(), 9).source, change: 'split' } },
      outputs([
        ['docs', 'aborted'],
        ['tests', '{"task_name":"/root/tests"}'],
      ]),
    ]);
    expect(plan.child!.firstPrompt.message).toEqual(taskFor('docs', DOCS));
  });

  it('sends the child the parent’s tools less the collaboration namespace', () => {
    const plan = planFork(parent(), request({}));
    expect(plan.child!.tools).toEqual([EXEC]);
    expect(plan.child!.inheritance).toEqual({ systemInstruction: 'parent', tools: 'parent-filtered', model: 'parent' });
  });

  it('forks the whole history for a number too, and says so', () => {
    const all = planFork(parent(), request({ fork_turns: 'all' }));
    const one = planFork(parent(), request({ fork_turns: ' 1 ' }));
    expect(one.child).toEqual(all.child);
    expect(one.warnings).toEqual(['fork_turns " 1 ": Codex 0.169 still parses a number but forks the whole history, as for "all" (seen in its traffic).']);
  });

  it('takes a model, an effort and a role on a full-history fork, where codex-rs refused them', () => {
    const plan = planFork(parent(), request({ model: 'gpt-6-luna', reasoning_effort: 'high', agent_type: 'explorer' }));
    expect(plan.errors).toEqual([]);
    expect(plan.child).toMatchObject({ model: 'gpt-6-luna', thinkingLevel: 'high', profileName: 'explorer', inheritance: { model: 'request' } });
    expect(plan.warnings).toHaveLength(3);
    const old = planFork(parent(), { ...request({ model: 'gpt-6-luna' }), runtimeVersion: 'codex-rs' });
    expect(old.errors.map((error) => error.code)).toEqual(['full_fork_override']);
  });

  it('refuses in 0.169’s words: fork_turns, then the task name', () => {
    expect(planFork(parent(), request({ fork_turns: '0' })).errors.map((error) => error.message)).toEqual(['fork_turns must be `none` or `all`']);
    expect(planFork(parent(), request({ task_name: 'Tests' })).errors.map((error) => error.message)).toEqual([
      'agent_name must use only lowercase letters, digits, and underscores',
    ]);
    expect(planFork(parent(), request({ task_name: 'Tests', fork_turns: 'banana' })).errors.map((error) => error.code)).toEqual(['fork_turns_invalid']);
  });

  it('never hands the child an object of the parent’s, and plans a frozen parent alike', () => {
    const source = parent();
    const plan = planFork(source, request({}));
    const split = plan.child!.initialMessages[9]!.message as { content: unknown[] };
    split.content.push('edited');
    expect((source.messages[9]!.message as { content: unknown[] }).content).toHaveLength(3);
    expect(planFork(deepFreeze(parent()), request({})).child).toEqual(planFork(parent(), request({})).child);
  });

  it('answers an open call anywhere in the history, not only the spawn: nothing is left without an output', () => {
    const messages = [
      ...session().slice(0, 5),
      ...session().slice(5, 6),
      user('u2', 'Never mind; fork a worker.'),
      phased('spawn', 'commentary', 'Spawning.', [spawn('tests', TASK)]),
    ];
    const plan = planFork(parentOf(messages), request({}));
    expect(plan.child!.initialMessages[6]!.message).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'cat', toolName: 'exec_command', output: { type: 'text', value: 'aborted' } }],
    });
    expect(plan.parent.map((range) => `${range.start}-${range.end} ${range.reason}`)).toEqual([
      '0-5 in-window',
      '5-6 open-tool-call-closed',
      '6-7 in-window',
      '7-8 open-tool-call-closed',
    ]);
  });
});
