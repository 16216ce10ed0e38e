import { describe, expect, it } from 'vitest';
import { user } from '@/lib/scenarios/transcript-builders';
import { DISPOSITION_DETAILS } from '../disposition-details';
import { ParentRangeBuilder } from '../parent-ranges';
import { cacheReuse } from './cache-reuse';
import { copyToChild } from './child-message-copies';
import { blankDirectiveWarning, freshPlan, rejectedPlan } from './refused-plans';
import { SpanDispositions } from './span-dispositions';

describe('copyToChild', () => {
  it('deep-copies the message and its metadata and names its parent rows', () => {
    const parent = [user('a', 'one', { origin: { line: 3 } }), user('b', 'two')];
    const copy = copyToChild(parent[0]!.message, parent[0]!.meta, [0, 1], parent, 'merged');
    expect(copy).toEqual({
      message: parent[0]!.message,
      meta: { origin: { line: 3 } },
      source: { kind: 'copy', parentIndexes: [0, 1], parentIds: ['a', 'b'], change: 'merged' },
    });
    expect(copy.message).not.toBe(parent[0]!.message);
    expect(copy.meta).not.toBe(parent[0]!.meta);
  });
});

describe('cacheReuse', () => {
  const parent = [user('a', 'one'), user('b', 'two')];
  const tools = [{ name: 't' }];

  it('counts leading unchanged copies at the same position; sealing does not change the bytes', () => {
    const messages = [
      copyToChild(parent[0]!.message, undefined, [0], parent),
      copyToChild(parent[1]!.message, undefined, [1], parent, 'sealed'),
      copyToChild(parent[1]!.message, undefined, [1], parent),
    ];
    expect(cacheReuse(messages, 's', tools, 's', tools)).toEqual({
      systemMatches: true,
      toolsMatch: true,
      sharedMessages: 2,
      reusableMessages: 2,
    });
  });

  it('reuses nothing when the system instruction or tools differ', () => {
    const messages = [copyToChild(parent[0]!.message, undefined, [0], parent)];
    expect(cacheReuse(messages, 's', tools, 'persona', tools).reusableMessages).toBe(0);
    expect(cacheReuse(messages, 's', tools, 's', [{ name: 'u' }]).toolsMatch).toBe(false);
  });

  it('stops at a merged copy or one out of place', () => {
    expect(cacheReuse([copyToChild(parent[1]!.message, undefined, [1], parent)], 's', tools, 's', tools).sharedMessages).toBe(0);
    expect(cacheReuse([copyToChild(parent[0]!.message, undefined, [0, 1], parent, 'merged')], 's', tools, 's', tools).sharedMessages).toBe(0);
  });
});

describe('plans without a child', () => {
  it('a rejected plan excludes every parent message', () => {
    const error = { parameter: 'fork', code: 'x', message: 'no' };
    expect(rejectedPlan('kimi-fork', [error], 3)).toEqual({
      policy: 'kimi-fork',
      mode: 'fork',
      errors: [error],
      child: null,
      parent: [{ start: 0, end: 3, status: 'excluded', reason: 'request-rejected', detail: DISPOSITION_DETAILS['request-rejected'] }],
      window: null,
      cache: null,
      warnings: [],
    });
  });

  it('a fresh plan says why it is not a fork', () => {
    const plan = freshPlan('qwen-fork-turns', 'no subagent_type: a regular subagent', 2);
    expect(plan.mode).toBe('fresh');
    expect(plan.freshReason).toBe('no subagent_type: a regular subagent');
    expect(plan.parent[0]!.detail).toBe('not a fork (no subagent_type: a regular subagent): a regular subagent starts with no parent history');
  });

  it('blankDirectiveWarning names the runtime that accepts a blank task, and only for blank text', () => {
    expect(blankDirectiveWarning('do it', 'Kimi Code')).toEqual([]);
    expect(blankDirectiveWarning(' \t\n', 'Kimi Code')).toEqual([
      'The directive (the task for the child) is blank. Kimi Code accepts a blank prompt, so the child starts with nothing to do.',
    ]);
    expect(blankDirectiveWarning('', 'DeepSeek Harness')).toEqual([
      'The directive (the task for the child) is blank. DeepSeek Harness accepts a blank prompt, so the child starts with nothing to do.',
    ]);
  });
});

describe('SpanDispositions', () => {
  it('folds a dense span into ranges', () => {
    const span = new SpanDispositions(2, 6, { status: 'inherited', reason: 'in-window' });
    span.set(4, 'excluded', 'dropped-by-curation');
    span.set(9, 'excluded', 'before-window');
    const builder = new ParentRangeBuilder().add(0, 2, 'excluded', 'before-window', 'b');
    span.flushInto(builder, DISPOSITION_DETAILS);
    expect(builder.ranges.map((r) => [r.start, r.end, r.reason])).toEqual([
      [0, 2, 'before-window'],
      [2, 4, 'in-window'],
      [4, 5, 'dropped-by-curation'],
      [5, 6, 'in-window'],
    ]);
  });

  it('adds nothing for an empty span', () => {
    const builder = new ParentRangeBuilder();
    new SpanDispositions(3, 3, { status: 'inherited', reason: 'in-window' }).flushInto(builder, DISPOSITION_DETAILS);
    expect(builder.ranges).toEqual([]);
  });
});
