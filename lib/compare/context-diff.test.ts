import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ForkPlan, type ForkRequest, planFork } from '@/lib/fork';
import { arbitraryTranscript } from '@/lib/fork/testing/arbitrary-transcript';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { parentOf } from '@/lib/scenarios/transcript-builders';
import { contextDiff, parentRequest } from './context-diff';
import { firstRequestMessages } from './first-request';

const childRequest = (plan: ForkPlan) => firstRequestMessages(plan.child);

const QWEN = (turns: string): ForkRequest => ({
  policy: 'qwen-fork-turns',
  directive: 'task',
  params: { description: 'Fork', subagent_type: 'fork', fork_turns: turns },
});
// The code read in August: the notice in front of the task, one message the grid and the diff expect.
const KIMI: ForkRequest = { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true }, runtimeVersion: 'code-read' };
const DEEPSEEK: ForkRequest = { policy: 'deepseek-completed-turns', directive: 'task', params: {} };

const startupBlock = BUILT_IN_SCENARIOS.find((candidate) => candidate.id === 'startup-block')!.transcript;
const kinds = (plan: ForkPlan, against = parentRequest(startupBlock.messages)) =>
  contextDiff(against, childRequest(plan)).entries.map((entry) =>
    entry.kind === 'same' || entry.kind === 'changed'
      ? `${entry.kind} ${entry.left}→${entry.right}`
      : entry.kind === 'removed'
        ? `removed ${entry.left}`
        : `added ${entry.right}`,
  );

describe('contextDiff', () => {
  it('aligns a last-turn fork with its parent’s next request by parent message, and finds where the prefix breaks', () => {
    const plan = planFork(startupBlock, QWEN('1'));
    expect(kinds(plan)).toEqual([
      // Qwen sends the startup block with the window's first prompt: one message, standing at the prompt.
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((index) => `removed ${index}`),
      'changed 9→0',
      // The in-flight Agent call, its input redacted, then what Qwen writes after it.
      'changed 10→1',
      'added 2',
      'added 3',
      'added 4',
      'added 5',
    ]);
    const diff = contextDiff(parentRequest(startupBlock.messages), childRequest(plan));
    expect(diff.counts).toEqual({ same: 0, changed: 2, removed: 9, added: 4 });
    expect(diff.firstMismatch).toBe(0);
  });

  it('reads a variant against another: a merged message against its parts, and the runtime’s own messages aligned by rule', () => {
    const baseline = planFork(startupBlock, QWEN('all'));
    const variant = planFork(startupBlock, KIMI);
    expect(kinds(variant, childRequest(baseline))).toEqual([
      // Qwen's curation merged the startup reminder into the first prompt; Kimi sends them apart.
      // A merged message stands at its last parent message.
      'added 0',
      'changed 0→1',
      ...[2, 3, 4, 5, 6, 7, 8, 9].map((index) => `same ${index - 1}→${index}`),
      'changed 9→10',
      // After the Agent call: Qwen's placeholder, directive, acknowledgement and Begin against
      // Kimi's closed call and notice — different rules, so nothing pairs.
      'removed 10',
      'removed 11',
      'removed 12',
      'removed 13',
      'added 11',
      'added 12',
    ]);
  });

  it('says nothing differs when the two requests are the same', () => {
    const plan = planFork(startupBlock, DEEPSEEK);
    const diff = contextDiff(childRequest(plan), childRequest(planFork(startupBlock, DEEPSEEK)));
    expect(diff.firstMismatch).toBeNull();
    expect(diff.counts).toEqual({ same: 10, changed: 0, removed: 0, added: 0 });
  });

  it('on any parent and runtime: every message of both sides appears once, in order, and the shared prefix is the engine’s', () => {
    const requests = [QWEN('1'), QWEN('all'), QWEN('2'), KIMI, DEEPSEEK];
    fc.assert(
      fc.property(arbitraryTranscript, fc.constantFrom(...requests), (messages, request) => {
        const parent = parentOf(messages);
        const plan = planFork(parent, request);
        const left = parentRequest(messages);
        const right = childRequest(plan);
        const diff = contextDiff(left, right);
        const lefts = diff.entries.flatMap((entry) => (entry.kind === 'added' ? [] : [entry.left]));
        const rights = diff.entries.flatMap((entry) => (entry.kind === 'removed' ? [] : [entry.right]));
        expect(lefts).toEqual(left.map((_, index) => index));
        expect(rights).toEqual(right.map((_, index) => index));
        if (plan.cache !== null) {
          const prefix = diff.firstMismatch ?? diff.entries.length;
          expect(Math.min(prefix, right.length)).toBe(plan.cache.sharedMessages);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('contextDiff on forks planned as the playground plans them', () => {
  it('tells two Agent calls Fork Lab wrote apart by their content, though they stand at the same place with the same id', async () => {
    const { withAgentCall } = await import('@/lib/agent-call/agent-call');
    const request = (params: Record<string, unknown>): ForkRequest =>
      ({ policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true, ...params }, runtimeVersion: 'code-read' }) as ForkRequest;
    const plain = request({});
    const named = request({ model: 'primary' });
    // The parent without its own Agent call in flight: Fork Lab writes one for each fork.
    const parent = { ...startupBlock, messages: startupBlock.messages.slice(0, -1) };
    const asForked = (forkRequest: ForkRequest) => planFork(withAgentCall(parent, forkRequest).transcript, forkRequest);
    const left = childRequest(asForked(plain));
    const right = childRequest(asForked(named));
    expect(left.some((message) => message.source.kind === 'copy' && message.source.parentIds.includes('fork-call-11'))).toBe(true);
    const diff = contextDiff(left, right);
    expect(diff.entries.filter((entry) => entry.kind === 'changed')).toEqual([{ kind: 'changed', left: 10, right: 10 }]);
    expect(diff.firstMismatch).toBe(10);
  });
});
