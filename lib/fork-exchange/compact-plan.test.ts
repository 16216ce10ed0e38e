import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ForkRequest, planFork } from '@/lib/fork';
import { arbitraryTranscript } from '@/lib/fork/testing/arbitrary-transcript';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { childMessageAt, compactPlan, expandChildMessages, expandPlan } from './compact-plan';

const requests: ForkRequest[] = [
  { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } },
  { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '2' } },
  { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true } },
  { policy: 'deepseek-completed-turns', directive: 'task', params: {} },
];

describe('compactPlan', () => {
  it('sends runs of unchanged copies as parent ranges and everything the engine wrote whole', () => {
    const parent = parentOf([
      user('u1', 'first'),
      assistant('a1', 'one'),
      user('u2', 'second'),
      toolCalls('c1', [{ id: 'call-1', tool: 'Agent', input: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all', prompt: 'x' } }]),
    ]);
    const plan = planFork(parent, {
      policy: 'qwen-fork-turns',
      directive: 'look',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' },
    });
    const compact = compactPlan(plan, () => 7);
    expect(compact.child?.initialMessageCount).toBe(plan.child?.initialMessages.length);
    expect(compact.child?.initialSegments.map((segment) => (segment.kind === 'copy-run' ? segment : segment.message.source))).toEqual([
      { kind: 'copy-run', parentStart: 0, count: 3 },
      { kind: 'copy', parentIndexes: [3], parentIds: ['c1'], change: 'tool-inputs-redacted' },
      { kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: ['call-1'] },
      { kind: 'synthetic', rule: 'fork-directive-message' },
      { kind: 'synthetic', rule: 'fork-directive-acknowledgement' },
    ]);
    expect(expandPlan(compact, parent.messages)).toEqual(plan);
    expect(childMessageAt(compact.child!.initialSegments, parent.messages, 1)).toEqual({
      message: { message: parent.messages[1]!.message, source: { kind: 'copy', parentIndexes: [1], parentIds: ['a1'] } },
      tokens: null,
    });
    expect(childMessageAt(compact.child!.initialSegments, parent.messages, 99)).toBeNull();
  });

  it('round-trips every plan: expanding the compact form gives the plan back', () => {
    fc.assert(
      fc.property(arbitraryTranscript, fc.constantFrom(...requests), (messages, request) => {
        const parent = parentOf(messages);
        const plan = planFork(parent, request);
        expect(
          expandPlan(
            compactPlan(plan, () => 1),
            parent.messages,
          ),
        ).toEqual(plan);
      }),
      { numRuns: 300 },
    );
  });

  it('says which parent message is missing when the parent does not match the plan', () => {
    expect(() => expandChildMessages([{ kind: 'copy-run', parentStart: 2, count: 1 }], [])).toThrow(
      'The plan copies parent message #2, which this parent does not have.',
    );
  });
});
