import { describe, expect, it } from 'vitest';
import { assistant, parentOf, profile, reminder, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork } from '../plan-fork';
import type { AgentProfile, TranscriptMessage } from '../transcript/transcript';
import type { DeepSeekForkParams } from './deepseek-fork-request';

const TASK = 'Summarise the failing tests.';

function plan(messages: TranscriptMessage[], params: DeepSeekForkParams = {}, overrides: Partial<AgentProfile> = {}) {
  return planFork(parentOf(messages, overrides), { policy: 'deepseek-completed-turns', directive: TASK, params });
}

const copyOf = (messages: TranscriptMessage[], index: number): ChildMessage => ({
  message: messages[index]!.message,
  ...(messages[index]!.meta ? { meta: messages[index]!.meta } : {}),
  source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
});

const midTurn: TranscriptMessage[] = [
  reminder('startup', 'env'),
  user('u1', 'Run the tests.'),
  toolCalls('c1', [{ id: 't1', tool: 'run_tests', input: {} }]),
  toolResults('r1', [{ id: 't1', tool: 'run_tests', output: '3 failed' }]),
  assistant('a1', 'Three tests fail.', { turnEnd: 'completed' }),
  user('u2', 'Try to fix them.'),
  assistant('a2', 'Hit the token limit.', { turnEnd: 'max-tokens' }),
  user('u3', 'Delegate a summary.'),
  toolCalls('c3', [{ id: 't3', tool: 'read_file', input: { path: 'log' } }]),
  toolResults('r3', [{ id: 't3', tool: 'read_file', output: 'log text' }]),
  toolCalls('fork', [{ id: 'delegate', tool: 'agent', input: { provider: 'fork', task: TASK } }]),
];

describe('planFork — DeepSeek completed-turn prefix', () => {
  it('copies the log through the last turn end (any reason) and leaves the turn in flight out whole', () => {
    const result = plan(midTurn);
    expect(result.child!.initialMessages).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => copyOf(midTurn, i)));
    expect(result.child!.firstPrompt).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: TASK }] },
      source: { kind: 'synthetic', rule: 'task-prompt' },
    });
    expect(result.parent.map((r) => [r.start, r.end, r.status, r.reason])).toEqual([
      [0, 7, 'inherited', 'in-window'],
      [7, 11, 'excluded', 'in-flight-turn'],
    ]);
    expect(result.window).toEqual({
      start: 0,
      end: 11,
      description: 'through the turn that ended after message 6 (max-tokens)',
      realTurns: 2,
    });
    // No synthetic results, no notice.
    expect(result.child!.initialMessages.every((m) => m.source.kind === 'copy')).toBe(true);
  });

  it('a first-turn fork has an empty seed: exactly a fresh spawn', () => {
    const firstTurn = [user('u1', 'Start.'), toolCalls('fork', [{ id: 'd', tool: 'agent', input: {} }])];
    const result = plan(firstTurn);
    expect(result.child!.initialMessages).toEqual([]);
    expect(result.window!.description).toBe('no completed turn yet: an empty seed, exactly like a fresh spawn');
    expect(result.parent.map((r) => [r.start, r.end, r.reason])).toEqual([[0, 2, 'in-flight-turn']]);
  });

  it('gives the child a fresh tool scope from the registry, not the parent’s restrictions', () => {
    const registry = [{ name: 'read_file' }, { name: 'write_file' }, { name: 'run_tests' }];
    const result = plan(midTurn, {}, { tools: [{ name: 'read_file' }], toolRegistry: registry });
    expect(result.child!.tools).toEqual(registry);
    expect(result.child!.inheritance.tools).toBe('registry');
    expect(result.cache!.toolsMatch).toBe(false);
    expect(result.cache!.reusableMessages).toBe(0);
  });

  it('applies persona and tool filter, which change the request head and break cache reuse', () => {
    const registry = [{ name: 'read_file' }, { name: 'write_file' }];
    const result = plan(midTurn, { persona: 'You summarise logs.', toolFilter: ['read_file'] }, { toolRegistry: registry, tools: registry });
    expect(result.child).toMatchObject({
      systemInstruction: 'You summarise logs.',
      tools: [{ name: 'read_file' }],
      inheritance: { systemInstruction: 'persona', tools: 'registry-filtered', model: 'parent' },
    });
    expect(result.cache).toEqual({ systemMatches: false, toolsMatch: false, sharedMessages: 7, reusableMessages: 0 });
  });

  it('keeps the prefix cache-reusable without persona or filter', () => {
    expect(plan(midTurn).cache).toEqual({ systemMatches: true, toolsMatch: true, sharedMessages: 7, reusableMessages: 7 });
  });

  it('continues the child’s depth after the parent’s and enforces the limit', () => {
    expect(plan(midTurn, {}, { depth: 2 }).child!.depth).toBe(3);
    expect(plan(midTurn, { maxDepth: 2 }, { depth: 2 }).errors.map((e) => e.code)).toEqual(['depth_limit']);
  });

  it('forks with a blank task, as DeepSeek does (its prompt is any string), and warns beside it', () => {
    for (const directive of ['', '  ']) {
      const result = planFork(parentOf(midTurn), { policy: 'deepseek-completed-turns', directive, params: {} });
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([
        'The directive (the task for the child) is blank. DeepSeek Harness accepts a blank prompt, so the child starts with nothing to do.',
      ]);
      expect(result.child!.firstPrompt.message.content).toEqual([{ type: 'text', text: directive }]);
    }
    expect(plan(midTurn).warnings).toEqual([]);
  });

  it('infers turn ends for a transcript that records none', () => {
    const plain = [user('u1', 'one'), assistant('a1', 'ok'), user('u2', 'two'), toolCalls('f', [{ id: 'd', tool: 'agent', input: {} }])];
    const result = plan(plain);
    expect(result.child!.initialMessages).toEqual([copyOf(plain, 0), copyOf(plain, 1)]);
    expect(result.window!.description).toBe('through the turn that ended after message 1 (completed, inferred: the transcript records no turn ends)');
  });

  it('does not give the child the parent’s approval mode or thinking level', () => {
    const child = planFork(
      { profile: profile({ approvalMode: 'plan', thinkingLevel: 'high' }), messages: midTurn },
      { policy: 'deepseek-completed-turns', directive: TASK, params: {} },
    ).child!;
    expect(child.approvalMode).toBeUndefined();
    expect(child.thinkingLevel).toBeUndefined();
  });

  it('adds structured output for the child only: its own tool, exempt from the filter, and the contract last in its system prompt', () => {
    const registry = [{ name: 'read_file' }, { name: 'write_file' }];
    const schema = { type: 'object', properties: { failing: { type: 'integer' } }, required: ['failing'] };
    const parent = parentOf(midTurn, { toolRegistry: registry, tools: registry, systemInstruction: 'You are a coding agent.' });
    const result = planFork(parent, { policy: 'deepseek-completed-turns', directive: TASK, params: { toolFilter: ['read_file'], outputSchema: schema } });
    expect(result.child!.tools).toEqual([
      { name: 'read_file' },
      {
        name: 'structured_output',
        description:
          "Report your final structured result. Call this exactly once, when your answer is complete; the arguments must match this tool's parameter schema exactly.",
        inputSchema: schema,
      },
    ]);
    expect(result.child!.tools[1]!.inputSchema).not.toBe(schema);
    expect(result.child!.systemInstruction).toBe(
      'You are a coding agent.\n\nWhen you have your final answer, you MUST report it by calling the `structured_output` tool with arguments matching its parameter schema exactly. Do not finish with a plain text answer: only the tool call counts as your result.',
    );
    expect(result.cache).toEqual({ systemMatches: false, toolsMatch: false, sharedMessages: 7, reusableMessages: 0 });
    expect(result.warnings).toEqual([expect.stringMatching(/^outputSchema gives the child, and only the child, the structured_output tool/)]);
    // The parent's own request is untouched: nothing is registered outside the child.
    expect(parent.profile.tools).toEqual(registry);
  });

  it('refuses a schema that is not one object, in the harness’s words', () => {
    const refused = (outputSchema: unknown) =>
      planFork(parentOf(midTurn), { policy: 'deepseek-completed-turns', directive: TASK, params: { outputSchema } }).errors.map((error) => error.message);
    expect(refused({ type: 'array', items: {} })).toEqual(['unsupported JSON schema: schema.type must be "object" (structured output is object-rooted)']);
    expect(refused('{not json')).toEqual(['outputSchema must be a JSON Schema object (got "{not json").']);
  });
});
