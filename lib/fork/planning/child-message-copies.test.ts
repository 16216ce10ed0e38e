import { describe, expect, it } from 'vitest';
import { toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { sharedObjects } from '../testing/object-graph';
import { deepFreeze } from '../transcript/deep-freeze';
import { copyToChild } from './child-message-copies';

describe('copyToChild', () => {
  it('shares a deep-frozen message and its meta, and copies one that is not', () => {
    const frozen = deepFreeze([user('u1', 'hello', { turnEnd: 'completed' })]);
    const shared = copyToChild(frozen[0]!.message, frozen[0]!.meta, [0], frozen);
    expect(shared.message).toBe(frozen[0]!.message);
    expect(shared.meta).toBe(frozen[0]!.meta);
    expect(shared.source).toEqual({ kind: 'copy', parentIndexes: [0], parentIds: ['u1'] });

    const own = [user('u1', 'hello', { turnEnd: 'completed' })];
    const copied = copyToChild(own[0]!.message, own[0]!.meta, [0], own);
    expect(copied.message).toEqual(own[0]!.message);
    expect(sharedObjects(own, copied)).toEqual([]);
  });

  it('gives a copy recorded with a change a whole copy of its own, which its planner may edit', () => {
    const frozen = deepFreeze([toolCalls('c', [{ id: 'x', tool: 'agent', input: { prompt: 'secret' } }])]);
    const redacted = copyToChild(frozen[0]!.message, undefined, [0], frozen, 'tool-inputs-redacted');
    expect(sharedObjects(frozen, redacted)).toEqual([]);
    for (const part of redacted.message.content as { input?: unknown }[]) part.input = {};
    expect(JSON.stringify(frozen)).toContain('secret');
  });
});
