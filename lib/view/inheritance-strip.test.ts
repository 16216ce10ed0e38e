import { describe, expect, it } from 'vitest';
import { type ChildMessage, classifyMessages, type ParentRange, planFork } from '@/lib/fork';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { type StripPlan, stripColumn, stripColumnLine, stripMarks, stripSources, stripSourcesOfSegments } from './inheritance-strip';

const range = (start: number, end: number, status: ParentRange['status'], reason: ParentRange['reason']): ParentRange => ({
  start,
  end,
  status,
  reason,
  detail: reason,
});

const copy = (indexes: number[], change?: 'merged' | 'sealed'): ChildMessage => ({
  message: { role: 'user', content: 'x' },
  source: { kind: 'copy', parentIndexes: indexes, parentIds: indexes.map(String), ...(change === undefined ? {} : { change }) },
});

const synthetic = (rule: 'open-call-closed' | 'fork-directive-prompt'): ChildMessage => ({
  message: { role: 'user', content: rule },
  source: { kind: 'synthetic', rule },
});

// Ten parent rows: two before the window, six in it (one merged pair, one sealed call), one cut by curation, one after the fork point.
const plan: StripPlan = {
  parent: [
    range(0, 2, 'excluded', 'before-window'),
    range(2, 8, 'inherited', 'in-window'),
    range(8, 9, 'excluded', 'dropped-by-curation'),
    range(9, 10, 'excluded', 'after-fork-point'),
  ],
  request: stripSources([
    copy([2]),
    copy([3, 4], 'merged'),
    copy([5]),
    copy([6], 'sealed'),
    synthetic('open-call-closed'),
    copy([7]),
    synthetic('fork-directive-prompt'),
  ]),
  cache: { systemMatches: false, toolsMatch: true, sharedMessages: 3, reusableMessages: 0 },
};

describe('stripColumn', () => {
  it('colours every row by what happened to it and brackets the inherited span', () => {
    const column = stripColumn(10, plan);
    expect(column.segments.map(({ start, end, tone }) => [start, end, tone])).toEqual([
      [0, 2, 'outside'],
      [2, 3, 'inherited'],
      [3, 5, 'merged'],
      [5, 6, 'inherited'],
      [6, 7, 'repaired'],
      [7, 8, 'inherited'],
      [8, 9, 'dropped'],
      [9, 10, 'outside'],
    ]);
    expect(column.bracket).toEqual({ start: 2, end: 8 });
    expect(column.additions).toEqual([
      { after: 6, rules: ['open-call-closed'] },
      { after: 7, rules: ['fork-directive-prompt'] },
    ]);
    expect(column.counts).toEqual({ inherited: 3, merged: 2, repaired: 1, dropped: 1, outside: 3, added: 2 });
  });

  it('bands the rows the child repeats, and says why a cache reads none of them', () => {
    const column = stripColumn(10, plan);
    expect(column.band).toEqual({ rows: 6, reusable: false, why: 'its system instruction differs' });
    expect(stripColumnLine(column)).toBe(
      '3 inherited · 2 merged · 1 repaired · 1 dropped · 2 added; rows #0–#5 repeat the parent, but a cache reads none: its system instruction differs',
    );
    const reusable = stripColumn(10, { ...plan, cache: { ...plan.cache!, systemMatches: true, reusableMessages: 3 } });
    expect(reusable.band).toEqual({ rows: 6, reusable: true });
    expect(stripColumnLine(reusable)).toMatch(/; a cache reuses rows #0–#5$/);
  });

  it('reads the copy runs of a compact plan as the messages they stand for', () => {
    // Rows 0–5 as one run of six unchanged copies, a synthetic notice, then the prompt.
    const compact = {
      parent: [range(0, 6, 'inherited', 'in-window'), range(6, 8, 'excluded', 'after-fork-point')],
      request: stripSourcesOfSegments(
        [
          { kind: 'copy-run', parentStart: 0, count: 6 },
          { kind: 'message', message: synthetic('open-call-closed'), tokens: 3 },
        ],
        synthetic('fork-directive-prompt'),
      ),
      cache: { systemMatches: true, toolsMatch: true, sharedMessages: 4, reusableMessages: 4 },
    };
    const column = stripColumn(8, compact);
    expect(column.band).toEqual({ rows: 4, reusable: true });
    expect(column.additions).toEqual([{ after: 5, rules: ['open-call-closed', 'fork-directive-prompt'] }]);
    expect(column.bracket).toEqual({ start: 0, end: 6 });
  });

  it('draws rows the parent gained after the fork outside the window', () => {
    const column = stripColumn(12, plan);
    expect(column.segments.at(-1)).toEqual({ start: 10, end: 12, tone: 'outside', detail: 'added to the parent after this fork' });
    expect(column.counts.outside).toBe(5);
  });

  it('reads a real plan: the last turn of a Qwen fork, its Agent call redacted', () => {
    const parent = parentOf([
      user('u1', 'First task.'),
      assistant('a1', 'Done.'),
      user('u2', 'Second task.'),
      toolCalls('a2', [{ id: 'call_1', tool: 'agent', input: { subagent_type: 'fork', fork_turns: '1', description: 'Look', prompt: 'Look' } }]),
    ]);
    const forked = planFork(parent, {
      policy: 'qwen-fork-turns',
      directive: 'Look',
      params: { description: 'Look', subagent_type: 'fork', fork_turns: '1' },
    });
    const column = stripColumn(4, {
      parent: forked.parent,
      request: stripSources([...forked.child!.initialMessages, forked.child!.firstPrompt]),
      cache: forked.cache,
    });
    expect(column.segments.map(({ start, end, tone }) => [start, end, tone])).toEqual([
      [0, 2, 'outside'],
      [2, 3, 'inherited'],
      [3, 4, 'repaired'],
    ]);
    expect(column.segments[2]!.detail).toMatch(/^the in-flight call: copied with every tool call input replaced by \{\}/);
    expect(column.bracket).toEqual({ start: 2, end: 4 });
    expect(column.additions).toEqual([
      { after: 3, rules: ['fork-placeholder-result', 'fork-directive-message', 'fork-directive-acknowledgement', 'fork-begin-prompt'] },
    ]);
    // The child starts at the window, not where the parent starts: nothing is at the same place.
    expect(column.band).toBeNull();
  });
});

describe('stripMarks', () => {
  it('ticks each real user turn once, where it starts, and each compaction summary', () => {
    const parent = parentOf([
      user('u1', 'First task.'),
      assistant('a1', 'Done.'),
      user('u2', 'Second task.'),
      user('u3', 'And one more thing.'),
      assistant('a2', 'Both done.'),
    ]);
    const marks = stripMarks(classifyMessages(parent.messages));
    // u3 continues the turn u2 started: one tick for the two.
    expect(marks).toEqual([
      { index: 0, kind: 'turn' },
      { index: 2, kind: 'turn' },
    ]);
  });
});

describe('the Agent call Fork Lab writes', () => {
  it('is an addition after the parent, not a parent row', () => {
    const written: StripPlan = {
      parent: [range(0, 3, 'inherited', 'in-window')],
      request: stripSourcesOfSegments([{ kind: 'copy-run', parentStart: 0, count: 4 }], synthetic('fork-directive-prompt')),
      cache: null,
    };
    const column = stripColumn(3, written);
    expect(column.additions).toEqual([{ after: 2, rules: ['agent-call-written', 'fork-directive-prompt'] }]);
    expect(column.counts).toMatchObject({ inherited: 3, added: 2 });
    expect(stripColumn(3, { ...written, request: stripSources([copy([0]), copy([1]), copy([2]), copy([3], 'sealed')]) }).additions).toEqual([
      { after: 2, rules: ['agent-call-written'] },
    ]);
  });
});
