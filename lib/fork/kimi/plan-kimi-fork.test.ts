import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminder, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork } from '../plan-fork';
import type { TranscriptMessage } from '../transcript/transcript';
import { OPEN_CALL_RESULT } from './close-open-tool-calls';
import { INHERITANCE_NOTICE } from './inheritance-notice';
import type { KimiForkParams, KimiNoticeVariant } from './kimi-fork-request';

const TASK = 'Review the diff for race conditions.';

/** A Kimi fork planned by the code read in August, unless another line is named. */
function plan(messages: TranscriptMessage[], params: KimiForkParams = { fork: true }, notice?: KimiNoticeVariant, runtimeVersion = 'code-read') {
  return planFork(parentOf(messages, { agentId: 'agent-main', model: 'kimi-k2', thinkingLevel: 'high' }), {
    policy: 'kimi-fork',
    directive: TASK,
    params,
    runtimeVersion,
    ...(notice ? { notice } : {}),
  });
}

const copyOf = (messages: TranscriptMessage[], index: number): ChildMessage => ({
  message: messages[index]!.message,
  ...(messages[index]!.meta ? { meta: messages[index]!.meta } : {}),
  source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
});

const closed = (id: string, tool: string): ChildMessage => ({
  message: {
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: id, toolName: tool, output: { type: 'text', value: OPEN_CALL_RESULT } }],
  },
  source: { kind: 'synthetic', rule: 'open-call-closed', toolCallIds: [id] },
});

const history: TranscriptMessage[] = [
  reminder('startup', 'env'),
  user('u1', 'Look at the diff.'),
  toolCalls('batch', [
    { id: 'read-1', tool: 'read_file', input: { path: 'a.ts' } },
    { id: 'read-2', tool: 'read_file', input: { path: 'b.ts' } },
    { id: 'agent-1', tool: 'agent', input: { fork: true, prompt: TASK } },
  ]),
  toolResults('r1', [{ id: 'read-1', tool: 'read_file', output: 'A' }]),
];

describe('planFork — Kimi fork: true', () => {
  it('copies the whole history uncurated and closes the open calls after the existing results', () => {
    const result = plan(history);
    expect(result.errors).toEqual([]);
    expect(result.child!.initialMessages).toEqual([
      copyOf(history, 0),
      copyOf(history, 1),
      copyOf(history, 2),
      copyOf(history, 3),
      closed('read-2', 'read_file'),
      closed('agent-1', 'agent'),
    ]);
    expect(result.child!.firstPrompt).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: `${INHERITANCE_NOTICE}\n\n${TASK}` }] },
      source: { kind: 'synthetic', rule: 'notice-and-task-prompt' },
    });
    expect(result.parent.map((r) => [r.start, r.end, r.status, r.reason])).toEqual([
      [0, 2, 'inherited', 'in-window'],
      [2, 3, 'inherited', 'open-tool-call-closed'],
      [3, 4, 'inherited', 'in-window'],
    ]);
    expect(result.window!.description).toBe('fork: true — the whole history, 2 open calls closed');
  });

  it('the later variant sends the notice as a <system-reminder> user message and the task bare', () => {
    const result = plan(history, { fork: true }, 'system-reminder');
    expect(result.child!.initialMessages.at(-1)).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: `<system-reminder>\n${INHERITANCE_NOTICE}\n</system-reminder>` }] },
      source: { kind: 'synthetic', rule: 'inheritance-notice' },
    });
    expect(result.child!.firstPrompt).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: TASK }] },
      source: { kind: 'synthetic', rule: 'task-prompt' },
    });
  });

  it('seals a partial assistant message whose call was open, and says so', () => {
    const messages = [user('u', 'go'), toolCalls('c', [{ id: 'a', tool: 'agent', input: {} }], 'Starting', { partial: true })];
    const result = plan(messages);
    expect(result.child!.initialMessages[1]).toEqual({
      message: messages[1]!.message,
      meta: { partial: false },
      source: { kind: 'copy', parentIndexes: [1], parentIds: ['c'], change: 'sealed' },
    });
    expect(messages[1]!.meta).toEqual({ partial: true });
  });

  it('leaves a partial message alone when none of its calls was open', () => {
    const messages = [
      user('u', 'go'),
      toolCalls('c', [{ id: 'a', tool: 'read_file', input: {} }], undefined, { partial: true }),
      toolResults('r', [{ id: 'a', tool: 'read_file', output: 'ok' }]),
    ];
    expect(plan(messages).child!.initialMessages).toEqual([copyOf(messages, 0), copyOf(messages, 1), copyOf(messages, 2)]);
  });

  it('a history of tool messages only gives an empty seed', () => {
    const messages = [toolResults('r', [{ id: 'a', tool: 't', output: 'x' }])];
    const result = plan(messages);
    expect(result.child!.initialMessages).toEqual([]);
    expect(result.parent.map((r) => [r.start, r.end, r.status, r.reason])).toEqual([[0, 1, 'excluded', 'tool-messages-only']]);
  });

  it('gives the child the caller’s live profile, records forkedFrom, and matches approval rules on the caller’s name', () => {
    const child = plan(history).child!;
    expect(child).toMatchObject({
      profileName: 'agent',
      forkedFrom: 'agent-main',
      approvalSubject: 'agent',
      model: 'kimi-k2',
      thinkingLevel: 'high',
      systemInstruction: 'You are a careful coding agent.',
      depth: 1,
    });
    expect(child.tools.map((tool) => tool.name)).toEqual(['read_file', 'agent']);
  });

  it('a restricted caller’s fork stays restricted: no tool the caller lacks', () => {
    const restricted = planFork(parentOf(history, { tools: [{ name: 'read_file' }], toolRegistry: [{ name: 'read_file' }, { name: 'write_file' }] }), {
      policy: 'kimi-fork',
      directive: TASK,
      params: { description: 'Fork', fork: true },
    });
    expect(restricted.child!.tools).toEqual([{ name: 'read_file' }]);
  });

  it('keeps cache parity: the prefix through the inherited tool-call message is byte-identical', () => {
    expect(plan(history).cache).toEqual({ systemMatches: true, toolsMatch: true, sharedMessages: 4, reusableMessages: 4 });
  });

  it('a swarm: each fork takes its own snapshot and each closes the swarm call', () => {
    const swarm = [
      user('u', 'Split it'),
      toolCalls('swarm', [
        { id: 's-1', tool: 'agent', input: { fork: true, prompt: 'one' } },
        { id: 's-2', tool: 'agent', input: { fork: true, prompt: 'two' } },
      ]),
    ];
    const first = plan(swarm);
    const second = plan(swarm);
    expect(first.child!.initialMessages.slice(2)).toEqual([closed('s-1', 'agent'), closed('s-2', 'agent')]);
    expect(second.child!.initialMessages).toEqual(first.child!.initialMessages);
    expect(second.child!.initialMessages[0]!.message).not.toBe(first.child!.initialMessages[0]!.message);
  });

  it('returns the runtime’s tool errors', () => {
    expect(plan(history, { fork: true, resume: 'old' }).errors.map((e) => e.code)).toEqual(['fork_with_resume']);
    expect(plan(history, { fork: true, resume: 'old', subagent_type: 'coder' }).errors.map((e) => e.message)).toEqual([
      'Cannot set subagent_type when resuming an existing agent. Resume by agent id only.',
    ]);
    expect(plan(history, { fork: true, model: 'other' }).child).toBeNull();
  });

  it('forks with a blank task, as Kimi does (its prompt is any string), and warns beside it', () => {
    const warning = 'The directive (the task for the child) is blank. Kimi Code accepts a blank prompt, so the child starts with nothing to do.';
    for (const directive of ['', ' \n ']) {
      const request = { policy: 'kimi-fork' as const, directive, params: { description: 'Fork', fork: true }, runtimeVersion: 'code-read' };
      const result = planFork(parentOf(history), request);
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([warning]);
      expect(result.child!.firstPrompt.message.content).toEqual([{ type: 'text', text: `${INHERITANCE_NOTICE}\n\n${directive}` }]);
      const reminderFirst = planFork(parentOf(history), { ...request, notice: 'system-reminder' });
      expect(reminderFirst.warnings).toEqual([warning]);
      expect(reminderFirst.child!.firstPrompt.message.content).toEqual([{ type: 'text', text: directive }]);
    }
    expect(plan(history).warnings).toEqual([]);
  });

  it('a plain assistant ending needs no closing', () => {
    const messages = [user('u', 'hi'), assistant('a', 'hello')];
    expect(plan(messages).child!.initialMessages).toEqual([copyOf(messages, 0), copyOf(messages, 1)]);
  });
});
