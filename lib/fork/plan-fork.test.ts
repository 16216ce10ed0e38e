import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminder, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage, ForkPlan } from './fork-plan';
import { planFork } from './plan-fork';
import type { ForkRequest } from './runtimes';
import { arbitraryTranscript } from './testing/arbitrary-transcript';
import { mutableSharedObjects, scribble, sharedObjects } from './testing/object-graph';
import { oracleWindowStart } from './testing/qwen-window-oracle';
import { isRealUserTurn } from './transcript/classify-messages';
import { COMPACTION_SUMMARY_MARKER } from './transcript/compaction-prefix';
import { deepFreeze } from './transcript/deep-freeze';
import { partsOf, toolCallsOf, toolResultIdsOf } from './transcript/message-parts';

/** Object.freeze on every object reached: frozen throughout, but not by the engine's deepFreeze. */
function freezeForStore<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object' || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const key of Object.keys(next)) pending.push((next as Record<string, unknown>)[key]);
  }
  return value;
}

import { startupContextLength } from './transcript/startup-context';
import type { ModelMessage, ParentTranscript, TranscriptMessage } from './transcript/transcript';

const requests: ForkRequest[] = [
  { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } },
  { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } },
  { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '3' } },
  { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true } },
  { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true }, notice: 'system-reminder' },
  { policy: 'deepseek-completed-turns', directive: 'task', params: {} },
  { policy: 'deep-agents-fork', directive: 'task', params: { subagent_type: 'forker' } },
  { policy: 'deep-agents-fork', directive: 'task', params: { subagent_type: 'forker' }, program: { fork: { name: 'forker', kind: 'compiled' } } },
];

const arbitraryParent = arbitraryTranscript.map((messages) => parentOf(messages));
const arbitraryRequest = fc.constantFrom(...requests);

function childHistory(plan: ForkPlan): ChildMessage[] {
  return plan.child === null ? [] : [...plan.child.initialMessages, plan.child.firstPrompt];
}

function qwenTurns(n: number | 'all'): ForkRequest {
  return { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: String(n) } };
}

/** Parent indexes the child received copies of, in order. */
function copiedIndexes(plan: ForkPlan): number[] {
  return childHistory(plan).flatMap((entry) => (entry.source.kind === 'copy' ? entry.source.parentIndexes : []));
}

const isSummaryText = (message: ModelMessage) =>
  message.role === 'user' && partsOf(message).some((part) => part.type === 'text' && (part as { text: string }).text.includes(COMPACTION_SUMMARY_MARKER));

describe('planFork', () => {
  it('checks the fork point first and plans on the transcript as it stood there', () => {
    const parent = parentOf([user('u1', 'one'), assistant('a1', 'ok'), user('u2', 'two'), assistant('a2', 'ok')]);
    const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork' }, forkPoint: 2 };
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

  const isolationParent = () =>
    parentOf([
      reminder('s', 'env'),
      user('u1', [{ type: 'image', image: 'aGk=', mediaType: 'image/png' }]),
      toolCalls('c', [{ id: 'x', tool: 'agent', input: { nested: { deep: [1, 2] } } }]),
    ]);

  it('never mutates a frozen parent and shares no writable object with it, for every policy', () => {
    const parent = deepFreeze(isolationParent());
    for (const request of requests) {
      const plan = planFork(parent, request);
      expect(plan.errors).toEqual([]);
      expect(mutableSharedObjects(parent, plan)).toEqual([]);
    }
  });

  it("shares a deep-frozen parent's messages instead of copying them, and nothing of a parent that is not", () => {
    const kimi = requests.find((request) => request.policy === 'kimi-fork')!;
    const frozen = deepFreeze(isolationParent());
    const sharing = planFork(frozen, kimi);
    const unchanged = sharing.child!.initialMessages.filter((entry) => entry.source.kind === 'copy' && entry.source.change === undefined);
    expect(unchanged.map((entry) => (entry.source.kind === 'copy' ? entry.source.parentIndexes : []))).toEqual([[0], [1], [2]]);
    for (const [index, entry] of unchanged.entries()) expect(entry.message).toBe(frozen.messages[index]!.message);
    expect(() => {
      (sharing.child!.initialMessages[0]!.message as { role: string }).role = 'assistant';
    }).toThrow(TypeError);

    // Cloned: the builders' tool declarations are shared constants, which the freezing above froze.
    const unfrozen = structuredClone(isolationParent());
    expect(sharedObjects(unfrozen, planFork(unfrozen, kimi))).toEqual([]);
    // Each object frozen, but not by the engine, which alone can vouch for a whole graph.
    const frozenForStore = freezeForStore(structuredClone(isolationParent()));
    expect(sharedObjects(frozenForStore, planFork(frozenForStore, kimi))).toEqual([]);
  });

  it('copies a frozen message that holds something freezing cannot protect, and shares its neighbours', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const image: TranscriptMessage = { id: 'u1', message: { role: 'user', content: [{ type: 'image', image: bytes, mediaType: 'image/png' }] } };
    const parent = deepFreeze(parentOf([image, assistant('a1', 'A picture.')]));
    const plan = planFork(parent, requests.find((request) => request.policy === 'kimi-fork')!);
    const [copied, reply] = plan.child!.initialMessages;
    expect(copied!.message).not.toBe(parent.messages[0]!.message);
    expect(mutableSharedObjects(parent, plan)).toEqual([]);
    expect(reply!.message).toBe(parent.messages[1]!.message);
  });

  describe('invariants over generated transcripts', () => {
    it('isolation: the plan shares no object with a parent that is not deep-frozen, and writing to the plan leaves the parent as it was', () => {
      fc.assert(
        fc.property(arbitraryParent, arbitraryRequest, (generated, request) => {
          // Cloned: the builders' tool declarations are shared constants, which other tests freeze.
          const parent = structuredClone(generated);
          const before = JSON.stringify(parent);
          const plan = planFork(freezeForStore(parent), request);
          expect(sharedObjects(parent, plan)).toEqual([]);
          scribble(plan);
          expect(JSON.stringify(parent)).toBe(before);
        }),
        { numRuns: 300 },
      );
    });

    it('isolation: the plan shares no writable object with a deep-frozen parent, and writing to the plan leaves the parent as it was', () => {
      fc.assert(
        fc.property(arbitraryParent, arbitraryRequest, (parent, request) => {
          const before = JSON.stringify(parent);
          const plan = planFork(deepFreeze(parent), request);
          expect(mutableSharedObjects(parent, plan)).toEqual([]);
          scribble(plan);
          expect(JSON.stringify(parent)).toBe(before);
        }),
        { numRuns: 300 },
      );
    });

    it('a numeric window starts where a plain reading of the rule puts it, on the whole parent and at any fork point', () => {
      fc.assert(
        fc.property(arbitraryParent, fc.integer({ min: 1, max: 9 }), fc.option(fc.nat(), { nil: undefined }), (parent, n, cut) => {
          const forkPoint = cut === undefined ? undefined : cut % (parent.messages.length + 1);
          const plan = planFork(parent, { ...qwenTurns(n), ...(forkPoint === undefined ? {} : { forkPoint }) });
          expect(plan.window!.start).toBe(oracleWindowStart(parent.messages.slice(0, forkPoint), n));
        }),
        { numRuns: 400 },
      );
    });

    // Relations between plans, checked without any second reading of the curation rules.
    it('each extra turn reaches back to an earlier real user turn until none is left, and "all" then adds only what precedes the window', () => {
      fc.assert(
        fc.property(arbitraryParent, (parent) => {
          const messages = parent.messages;
          const starts = Array.from({ length: 10 }, (_, k) => planFork(parent, qwenTurns(k + 1)).window!.start);
          if (starts[0] === null) {
            expect(starts.every((start) => start === null)).toBe(true);
            return;
          }
          const windows = starts as number[];
          const available = new Set(windows).size;
          // The windows for 1..available turns start at that many places, each further back and each step over a real turn.
          for (let k = 0; k + 1 < windows.length; k++) {
            if (k + 1 < available) {
              expect(windows[k + 1]).toBeLessThan(windows[k]!);
              const stepped = messages.slice(windows[k + 1], windows[k]);
              expect(stepped.some((entry) => isRealUserTurn(entry.message, entry.meta))).toBe(true);
            } else {
              expect(windows[k + 1]).toBe(windows[k]);
            }
          }
          const earliest = windows.at(-1)!;
          const startup = startupContextLength(messages);
          expect(earliest).toBeGreaterThanOrEqual(startup);
          for (const start of windows) {
            // A window may open with tool results: they travel with the prompt curation merged them into.
            expect(['user', 'tool']).toContain(messages[start]!.message.role);
            // A compaction summary is never inside a numeric window.
            expect(messages.slice(start).some((entry) => entry.meta?.origin?.compactionSummary === true || isSummaryText(entry.message))).toBe(false);
          }
          // Between the startup prefix and the window nothing is inherited.
          const plan = planFork(parent, qwenTurns(available));
          for (const range of plan.parent) {
            if (range.end <= startup) expect(['startup-prefix-kept', 'trailing-user-message-dropped']).toContain(range.reason);
            else if (range.start < earliest) expect(range.status).toBe('excluded');
          }
          // From the window's start on, "all" and the widest window inherit the same messages.
          const fromWindow = (p: ForkPlan) => copiedIndexes(p).filter((index) => index >= earliest);
          expect(fromWindow(planFork(parent, qwenTurns('all')))).toEqual(fromWindow(plan));
          expect(copiedIndexes(plan).filter((index) => index < earliest)).toEqual(copiedIndexes(plan).filter((index) => index < startup));
        }),
        { numRuns: 200 },
      );
    });

    it('after repair every tool call has exactly one result after it; only Qwen may keep a result whose call is not inherited', () => {
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
              if (calls.has(id)) expect(calls.get(id)).toBeLessThan(index);
              results.set(id, index);
            }
          });
          for (const id of calls.keys()) expect(results.has(id)).toBe(true);
          // A Qwen window may open with results whose calls came before it: they travel with the prompt
          // curation merged them into, and upstream leaves them as they are.
          if (request.policy !== 'qwen-fork-turns') expect([...calls.keys()].sort()).toEqual([...results.keys()].sort());
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
