import { describe, expect, it } from 'vitest';
import { assistant, reminder, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { findLastTurnEnd } from './turn-ends';

describe('findLastTurnEnd', () => {
  it('takes the last recorded turn end, whatever its reason', () => {
    const messages = [
      user('u1', 'one'),
      assistant('a1', 'done', { turnEnd: 'completed' }),
      user('u2', 'two'),
      assistant('a2', 'stopped', { turnEnd: 'aborted' }),
      user('u3', 'three'),
      toolCalls('c', [{ id: 'x', tool: 'agent', input: {} }]),
    ];
    expect(findLastTurnEnd(messages, messages.length)).toEqual({ index: 3, reason: 'aborted', derived: false });
    expect(findLastTurnEnd(messages, 3)).toEqual({ index: 1, reason: 'completed', derived: false });
  });

  it('infers turn ends from later real turns when the transcript records none', () => {
    const messages = [
      reminder('s', 'env'),
      user('u1', 'one'),
      assistant('a1', 'ok'),
      reminder('r', 'note'),
      user('u2', 'two'),
      toolCalls('c', [{ id: 'x', tool: 'agent', input: {} }]),
    ];
    // The reminder arrives with u2: it opens the next turn.
    expect(findLastTurnEnd(messages, messages.length)).toEqual({ index: 2, reason: 'completed', derived: true });
  });

  it('finds none before a second turn starts', () => {
    expect(findLastTurnEnd([user('u1', 'one'), assistant('a1', 'ok')], 2)).toBeNull();
    expect(findLastTurnEnd([], 0)).toBeNull();
  });
});
