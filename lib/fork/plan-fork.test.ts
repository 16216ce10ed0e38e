import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChildMessage, ForkPlan } from './fork-plan';
import type { ForkRequest } from './fork-request';
import { planFork } from './plan-fork';
import { curateHistory } from './qwen/curate-history';
import { arbitraryTranscript } from './testing/arbitrary-transcript';
import { scribble, sharedObjects } from './testing/object-graph';
import { assistant, deepFreeze, parentOf, reminder, toolCalls, user } from './testing/transcript-builders';
import { compactionPrefixLength } from './transcript/compaction-prefix';
import { toolCallsOf, toolResultIdsOf } from './transcript/message-parts';
import { startupContextLength } from './transcript/startup-context';
import type { ParentTranscript } from './transcript/transcript';

const requests: ForkRequest[] = [
  { policy: 'qwen-fork-turns', directive: 'task', params: { subagent_type: 'fork', fork_turns: 'all' } },
  { policy: 'qwen-fork-turns', directive: 'task', params: { subagent_type: 'fork', fork_turns: '1' } },
  { policy: 'qwen-fork-turns', directive: 'task', params: { subagent_type: 'fork', fork_turns: '3' } },
  { policy: 'kimi-fork', directive: 'task', params: { fork: true } },
  { policy: 'kimi-fork', directive: 'task', params: { fork: true }, notice: 'system-reminder' },
  { policy: 'deepseek-completed-turns', directive: 'task', params: {} },
];

const arbitraryParent = arbitraryTranscript.map((messages) => parentOf(messages));
const arbitraryRequest = fc.constantFrom(...requests);

function childHistory(plan: ForkPlan): ChildMessage[] {
  return plan.child === null ? [] : [...plan.child.initialMessages, plan.child.firstPrompt];
}

describe('planFork', () => {
  it('checks the fork point first and plans on the transcript as it stood there', () => {
    const parent = parentOf([user('u1', 'one'), assistant('a1', 'ok'), user('u2', 'two'), assistant('a2', 'ok')]);
    const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'x', params: { subagent_type: 'fork' }, forkPoint: 2 };
    const plan = planFork(parent, request);
    expect(plan.child!.initialMessages.map((m) => (m.source.kind === 'copy' ? m.source.parentIds : []))).toEqual([['u1'], ['a1']]);
    expect(plan.parent.map((r) => [r.start, r.end, r.reason])).toEqual([
      [0, 2, 'in-window'],
      [2, 4, 'after-fork-point'],
    ]);
    for (const forkPoint of [-1, 5, 1.5, Number.NaN]) {
      expect(planFork(parent, { ...request, forkPoint }).errors).toEqual([
        {
          parameter: 'forkPoint',
          code: 'fork_point_range',
          message: `forkPoint must be a whole number of messages from 0 to 4 (the parent's length); got ${forkPoint}.`,
        },
      ]);
    }
  });

  it('never mutates a deep-frozen parent and shares no object with it, for every policy', () => {
    const parent = deepFreeze(
      parentOf([
        reminder('s', 'env'),
        user('u1', [{ type: 'image', image: 'aGk=', mediaType: 'image/png' }]),
        toolCalls('c', [{ id: 'x', tool: 'agent', input: { nested: { deep: [1, 2] } } }]),
      ]),
    );
    for (const request of requests) {
      const plan = planFork(parent, request);
      expect(plan.errors).toEqual([]);
      expect(sharedObjects(parent, plan)).toEqual([]);
    }
  });

  describe('invariants over generated transcripts', () => {
    it('isolation: the plan shares no object with the parent, and writing to the plan leaves the parent as it was', () => {
      fc.assert(
        fc.property(arbitraryParent, arbitraryRequest, (parent, request) => {
          const before = JSON.stringify(parent);
          const plan = planFork(deepFreeze(parent), request);
          expect(sharedObjects(parent, plan)).toEqual([]);
          scribble(plan);
          expect(JSON.stringify(parent)).toBe(before);
        }),
        { numRuns: 300 },
      );
    });

    it('a numeric window starts at a real user turn and holds min(N, available) real turns', () => {
      fc.assert(
        fc.property(arbitraryParent, fc.integer({ min: 1, max: 9 }), (parent, n) => {
          const plan = planFork(parent, {
            policy: 'qwen-fork-turns',
            directive: 'task',
            params: { subagent_type: 'fork', fork_turns: String(n) },
          });
          // A naive forward oracle: curate everything after the startup block, skip the prefix.
          const messages = parent.messages;
          const startup = startupContextLength(messages);
          const curated = curateHistory(messages, startup, messages.length);
          const prefix = compactionPrefixLength(curated, 0);
          const real = curated.map((entry, k) => (k >= prefix && entry.real ? k : -1)).filter((k) => k >= 0);
          const first = real[Math.max(0, real.length - n)];
          const expectedStart = first === undefined ? null : curated[first]!.sources[0]!;
          expect(plan.window!.start).toBe(expectedStart);
          if (expectedStart !== null) {
            const window = curated.filter((entry) => entry.sources[0]! >= expectedStart);
            expect(window[0]!.real).toBe(true);
            expect(window.filter((entry) => entry.real).length).toBe(Math.min(n, real.length));
          }
        }),
        { numRuns: 400 },
      );
    });

    it('after repair every tool call has exactly one result and no result lacks its call', () => {
      fc.assert(
        fc.property(arbitraryParent, arbitraryRequest, (parent, request) => {
          const history = childHistory(planFork(parent, request)).map((entry) => entry.message);
          const calls = new Map<string, number>();
          const results = new Map<string, number>();
          history.forEach((message, index) => {
            for (const call of toolCallsOf(message)) {
              expect(calls.has(call.toolCallId)).toBe(false);
              calls.set(call.toolCallId, index);
            }
            for (const id of toolResultIdsOf(message)) {
              expect(results.has(id)).toBe(false);
              expect(calls.get(id)).toBeLessThan(index);
              results.set(id, index);
            }
          });
          expect([...calls.keys()].sort()).toEqual([...results.keys()].sort());
        }),
        { numRuns: 400 },
      );
    });

    it('the parent ranges cover every message once, and inherited rows are exactly the copied ones', () => {
      fc.assert(
        fc.property(arbitraryParent, arbitraryRequest, (parent: ParentTranscript, request) => {
          const plan = planFork(parent, request);
          let next = 0;
          for (const range of plan.parent) {
            expect(range.start).toBe(next);
            expect(range.end).toBeGreaterThan(range.start);
            next = range.end;
          }
          expect(next).toBe(parent.messages.length);
          const inherited = plan.parent
            .filter((range) => range.status === 'inherited')
            .flatMap((range) => Array.from({ length: range.end - range.start }, (_, k) => range.start + k));
          const copied = childHistory(plan).flatMap((entry) => (entry.source.kind === 'copy' ? entry.source.parentIndexes : []));
          expect(copied).toEqual(inherited);
        }),
        { numRuns: 300 },
      );
    });
  });
});
