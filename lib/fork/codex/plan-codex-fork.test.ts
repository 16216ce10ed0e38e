import { describe, expect, it } from 'vitest';
import { assistant, parentOf, phased, system, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork } from '../plan-fork';
import { deepFreeze } from '../transcript/deep-freeze';
import type { TranscriptMessage } from '../transcript/transcript';
import type { CodexForkRequest } from './codex-fork-request';
import { ROOT_AGENT_USAGE_HINT, SUBAGENT_USAGE_HINT } from './multi-agent-messages';

const TASK = 'Write unit tests for parseDate.';
const spawn = (id: string, task: string) => ({ id, tool: 'spawn_agent', input: { task_name: id, message: task } });

/** A Codex session as the importer keeps it: developer messages as system messages, phases on text. */
const codexSession = (): TranscriptMessage[] => [
  system('dev', '<permissions instructions>workspace-write</permissions instructions>'),
  system('hint', ROOT_AGENT_USAGE_HINT),
  user('agents', '# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nRun npm test.\n</INSTRUCTIONS>'),
  user('env', '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>'),
  user('u1', 'parseDate is off by a month. Fix it.'),
  {
    id: 'work',
    message: {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Months are 0-based.' },
        { type: 'text', text: 'Reading the file.', providerOptions: { openai: { phase: 'commentary' } } },
        { type: 'tool-call', toolCallId: 'read', toolName: 'shell', input: { command: ['cat', 'src/date.ts'] } },
      ],
    },
  },
  toolResults('out', [{ id: 'read', tool: 'shell', output: 'new Date(y, m, d)' }]),
  phased('a1', 'final_answer', 'Fixed: the month is now m - 1.'),
  user('u2', 'Any edge cases?'),
  assistant('a2', 'Empty strings parse silently.'),
  user('u3', 'Fork two workers: tests and docs.'),
  phased('call', 'commentary', 'Spawning both.', [spawn('tests', TASK), spawn('docs', 'Document parseDate.')]),
];

const request = (params: CodexForkRequest['params'], extra: Partial<CodexForkRequest> = {}): CodexForkRequest => ({
  policy: 'codex-spawn-agent',
  directive: TASK,
  params: { task_name: 'tests', ...params },
  // These are the rules read in codex-rs; 0.169's are plan-shipped-codex-fork.test.ts.
  runtimeVersion: 'codex-rs',
  ...extra,
});

const copy = (messages: TranscriptMessage[], index: number): ChildMessage => ({
  message: messages[index]!.message,
  source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
});

const TASK_MESSAGE = {
  role: 'assistant',
  content: [
    {
      type: 'text',
      text: '{"author":"/root","recipient":"/root/tests","other_recipients":[],"content":"Write unit tests for parseDate.","trigger_turn":true}',
      providerOptions: { openai: { phase: 'commentary' } },
    },
  ],
};

describe('planFork — Codex spawn_agent', () => {
  it('forks the whole history as messages and final answers, ends with the child’s hint, then the task as an inter-agent message', () => {
    const messages = codexSession();
    const plan = planFork(parentOf(messages), request({}));
    expect(plan.errors).toEqual([]);
    expect(plan.child!.initialMessages).toEqual([
      copy(messages, 0),
      copy(messages, 2),
      copy(messages, 3),
      copy(messages, 4),
      copy(messages, 7),
      copy(messages, 8),
      copy(messages, 10),
      { message: { role: 'system', content: SUBAGENT_USAGE_HINT }, source: { kind: 'synthetic', rule: 'subagent-usage-hint' } },
    ]);
    expect(plan.child!.firstPrompt).toEqual({ message: TASK_MESSAGE, source: { kind: 'synthetic', rule: 'inter-agent-task' } });
    expect(plan.parent.map((range) => [range.start, range.end, range.status, range.reason])).toEqual([
      [0, 1, 'inherited', 'in-window'],
      [1, 2, 'excluded', 'usage-hint-filtered'],
      [2, 5, 'inherited', 'in-window'],
      [5, 6, 'excluded', 'not-a-final-answer'],
      [6, 7, 'excluded', 'tool-item-dropped'],
      [7, 9, 'inherited', 'in-window'],
      [9, 10, 'excluded', 'not-a-final-answer'],
      [10, 11, 'inherited', 'in-window'],
      [11, 12, 'excluded', 'not-a-final-answer'],
    ]);
    expect(plan.window).toEqual({ start: 0, end: 12, description: 'the whole history: messages and final answers', realTurns: 3 });
    // The hint the parent had at place 1 is filtered, so the prefix a cache shares ends there.
    expect(plan.cache).toEqual({ systemMatches: true, toolsMatch: true, sharedMessages: 1, reusableMessages: 1 });
    expect(plan.warnings).toEqual([
      '1 assistant message has text with no phase (recorded by another runtime, or before Codex wrote phases): Codex keeps only final answers, so it is dropped. Fork Lab\'s option "last text of each turn" reads the last one of each finished turn as its final answer instead.',
    ]);
    // Neither sibling's task reaches the child.
    expect(JSON.stringify(plan.child!.initialMessages)).not.toContain('Document parseDate.');
  });

  it('reduces an assistant message to its final-answer text, a copy of its own', () => {
    const messages = [
      user('u1', 'Go.'),
      {
        id: 'mixed',
        message: {
          role: 'assistant' as const,
          content: [
            { type: 'reasoning' as const, text: 'thinking' },
            { type: 'text' as const, text: 'Done.', providerOptions: { openai: { phase: 'final_answer' } } },
          ],
        },
      },
      user('u2', 'Fork.'),
    ];
    const plan = planFork(parentOf(messages), request({}));
    const stripped = plan.child!.initialMessages[1]!;
    expect(stripped).toEqual({
      message: { role: 'assistant', content: [{ type: 'text', text: 'Done.', providerOptions: { openai: { phase: 'final_answer' } } }] },
      source: { kind: 'copy', parentIndexes: [1], parentIds: ['mixed'], change: 'stripped' },
    });
    expect(plan.parent[1]).toMatchObject({ start: 1, end: 2, status: 'inherited', reason: 'final-answer-kept' });
    (stripped.message.content as { text: string }[])[0]!.text = 'changed';
    expect((messages[1]!.message.content[1] as { text: string }).text).toBe('Done.');
  });

  it('starts a last-N window at the Nth fork turn from the end, the spawning turn being the first; context blocks are no turn', () => {
    const messages = codexSession();
    const plan = planFork(parentOf(messages), request({ fork_turns: '2' }));
    expect(plan.child!.initialMessages).toEqual([copy(messages, 8), copy(messages, 10)]);
    expect(plan.parent.map((range) => [range.start, range.end, range.reason])).toEqual([
      [0, 8, 'before-window'],
      [8, 9, 'in-window'],
      [9, 10, 'not-a-final-answer'],
      [10, 11, 'in-window'],
      [11, 12, 'not-a-final-answer'],
    ]);
    expect(plan.window).toEqual({ start: 8, end: 12, description: 'last 2 fork turns: messages and final answers', realTurns: 2 });
    expect(plan.cache!.sharedMessages).toBe(0);
    expect(plan.warnings[1]).toMatch(/^A last-N fork drops the parent's context baseline/);
    expect(planFork(parentOf(messages), request({ fork_turns: '1' })).child!.initialMessages).toEqual([copy(messages, 10)]);
  });

  it('drops the startup context even with fewer turns than N, and inherits nothing without a turn', () => {
    const messages = codexSession();
    const plan = planFork(parentOf(messages), request({ fork_turns: '10' }));
    expect(plan.child!.initialMessages[0]).toEqual(copy(messages, 4));
    expect(plan.window!.description).toBe('last 10 fork turns (the parent has 3: from the first): messages and final answers');
    const startupOnly = messages.slice(0, 4);
    const empty = planFork(parentOf(startupOnly), request({ fork_turns: '2' }));
    expect(empty.child!.initialMessages).toEqual([]);
    expect(empty.window).toEqual({ start: null, end: 4, description: 'last 2 fork turns: the parent has no turn boundary, so nothing', realTurns: 0 });
    expect(empty.parent).toEqual([
      { start: 0, end: 4, status: 'excluded', reason: 'before-window', detail: 'no fork turn before the fork point: the child inherits nothing' },
    ]);
  });

  it('spawns a fresh agent for "none"', () => {
    const plan = planFork(parentOf(codexSession()), request({ fork_turns: 'NONE', model: 'gpt-5-mini' }));
    expect(plan).toMatchObject({ mode: 'fresh', child: null, freshReason: 'fork_turns "none": a fresh agent with no history' });
  });

  it('reads the last text of each finished turn as its final answer only when asked, and says so', () => {
    const messages = codexSession();
    const plan = planFork(parentOf(messages), request({}, { finalAnswers: 'last-text-of-turn' }));
    expect(plan.child!.initialMessages.map((entry) => entry.source.kind === 'copy' && entry.source.parentIndexes[0])).toEqual([0, 2, 3, 4, 7, 8, 9, 10, false]);
    expect(plan.parent.find((range) => range.start === 9)!.detail).toBe(
      'kept whole (Fork Lab’s option, not Codex: the last assistant text of a finished turn read as its final answer)',
    );
    expect(plan.warnings).toEqual([]);
  });

  it('gives a last-N child the model, effort and role it asks for; a full fork keeps the parent’s', () => {
    const parent = parentOf(codexSession(), { model: 'gpt-5', thinkingLevel: 'medium' });
    const lastN = planFork(parent, request({ fork_turns: '1', model: 'gpt-5-mini', reasoning_effort: 'low', agent_type: ' explorer ' })).child!;
    expect([lastN.model, lastN.thinkingLevel, lastN.profileName, lastN.inheritance.model]).toEqual(['gpt-5-mini', 'low', 'explorer', 'request']);
    const full = planFork(parent, request({})).child!;
    expect([full.model, full.thinkingLevel, full.inheritance.model]).toEqual(['gpt-5', 'medium', 'parent']);
    const later = planFork(parent, request({ model: 'gpt-5-mini' }, { lock: 'agent-type-only' })).child!;
    expect(later.model).toBe('gpt-5-mini');
  });

  it('refuses with the runtime’s words and forks nothing', () => {
    const plan = planFork(parentOf(codexSession()), request({ model: '' }));
    expect(plan.child).toBeNull();
    expect(plan.errors.map((error) => error.code)).toEqual(['full_fork_override']);
  });

  it('shares a frozen parent’s messages instead of copying them', () => {
    const parent = deepFreeze(parentOf(codexSession()));
    const plan = planFork(parent, request({}));
    expect(plan.child!.initialMessages[0]!.message).toBe(parent.messages[0]!.message);
  });

  it('keeps a string-content answer whole under the last-text option: nothing is stripped from it', () => {
    const messages: TranscriptMessage[] = [user('u1', 'one'), { id: 'plain', message: { role: 'assistant', content: 'answer' } }, user('u2', 'two')];
    const plan = planFork(parentOf(messages), request({}, { finalAnswers: 'last-text-of-turn' }));
    expect(plan.child!.initialMessages[1]).toEqual(copy(messages, 1));
    expect(plan.parent[1]).toMatchObject({ start: 1, end: 2, reason: 'in-window', detail: expect.stringMatching(/^kept whole \(Fork Lab’s option/) });
  });

  it('applies an effort written in serde’s map form, and says a model override leaves no cache to reuse', () => {
    const parent = parentOf(codexSession(), { model: 'gpt-5', thinkingLevel: 'high' });
    const child = planFork(parent, request({ fork_turns: '1', reasoning_effort: { low: null } })).child!;
    expect(child.thinkingLevel).toBe('low');
    const other = planFork(parent, request({ model: 'gpt-5-mini' }, { lock: 'agent-type-only' }));
    expect(other.cache).toMatchObject({ modelMatches: false, reusableMessages: 0 });
    expect(planFork(parent, request({})).cache!.modelMatches).toBeUndefined();
  });
});
