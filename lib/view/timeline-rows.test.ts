import { describe, expect, it } from 'vitest';
import type { MessageClassification, TranscriptMessage } from '@/lib/fork';
import { timelineRows, withRuntimeTurns } from './timeline-rows';

const text = (id: string, role: 'user' | 'assistant', value: string): TranscriptMessage => ({ id, message: { role, content: value } });
const parent = [text('u1', 'user', 'first'), text('a1', 'assistant', 'ok'), text('u2', 'user', 'second'), text('a2', 'assistant', 'done')];
const classified = (index: number, kind: MessageClassification['kind'], turnFromEnd?: number): MessageClassification => ({
  index,
  id: parent[index]?.id ?? 'fork-call-5',
  kind,
  hasReminder: false,
  ...(turnFromEnd === undefined ? {} : { turnFromEnd }),
});
const registration = {
  messageTokens: [3, 2, 4, 5],
  classifications: [classified(0, 'real-user-turn', -2), classified(1, 'assistant'), classified(2, 'real-user-turn', -1), classified(3, 'assistant')],
};
const call: TranscriptMessage = {
  id: 'fork-call-5',
  message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'agent', input: {} }] },
};
const callClassification = classified(4, 'tool-call');

describe('timelineRows', () => {
  it('draws the parent as registered, its real user turns before the fork point', () => {
    const rows = timelineRows(parent, registration, null, 4);
    expect(rows.messages).toBe(parent);
    expect(rows.classifications).toEqual(registration.classifications);
    expect(rows.tokens).toEqual([3, 2, 4, 5]);
    expect(rows.turns).toEqual([0, 2]);
    expect(timelineRows(parent, registration, null, 2).turns).toEqual([0]);
  });

  it('lets a window start only at a turn’s first prompt: a prompt that continues a turn is not another', () => {
    const continued = { ...classified(2, 'real-user-turn', -1), continuesTurnAt: 0 };
    const rows = timelineRows(
      parent,
      { ...registration, classifications: [classified(0, 'real-user-turn', -1), classified(1, 'assistant'), continued, classified(3, 'assistant')] },
      null,
      4,
    );
    expect(rows.turns).toEqual([0]);
  });

  it('adds the Agent call launch will write as a last row with its kind and tokens', () => {
    const rows = timelineRows(parent, registration, { writtenCall: call, writtenCallTokens: 9, writtenCallClassification: callClassification }, 5);
    expect(rows.messages.map((entry) => entry.id)).toEqual(['u1', 'a1', 'u2', 'a2', 'fork-call-5']);
    expect(rows.classifications.at(-1)).toBe(callClassification);
    expect(rows.tokens).toEqual([3, 2, 4, 5, 9]);
  });

  it('numbers turns as the parent stood at an earlier fork point', () => {
    const earlier = [classified(0, 'real-user-turn', -1), classified(1, 'assistant')];
    const rows = timelineRows(parent, registration, { classificationsAtForkPoint: earlier }, 2);
    expect(rows.classifications).toEqual([...earlier, ...registration.classifications.slice(2)]);
    expect(rows.turns).toEqual([0]);
  });

  it('knows nothing of rows a registration for another version of the parent describes', () => {
    const stale = { messageTokens: [3, 2], classifications: registration.classifications.slice(0, 2) };
    const rows = timelineRows(parent, stale, null, 4);
    expect(rows.classifications).toEqual([]);
    expect(rows.tokens).toBeNull();
    expect(rows.turns).toEqual([]);
    expect(timelineRows(parent, null, null, 4).tokens).toBeNull();
  });
});

describe('withRuntimeTurns', () => {
  it('numbers turns as the runtime counts them: its starts are the turns, a prompt it does not count is none', () => {
    const rows = timelineRows(parent, registration, null, 4);
    // A runtime that counts only the second prompt as a turn, and the first assistant reply as one (say).
    const counted = withRuntimeTurns(rows, [1, 2], 4);
    expect(counted.turns).toEqual([1, 2]);
    expect(counted.classifications.map((c) => [c?.kind, c?.turnFromEnd])).toEqual([
      ['other', undefined],
      ['real-user-turn', -2],
      ['real-user-turn', -1],
      ['assistant', undefined],
    ]);
    expect(counted.classifications[0]!.note).toBe('not a turn as this runtime counts them');
    // Before the fork point only: a window cannot start after it.
    expect(withRuntimeTurns(rows, [0, 2], 2).turns).toEqual([0]);
    // A prompt the shared classification folded into the turn before is a turn of its own here.
    const continued = { ...classified(2, 'real-user-turn', -1), continuesTurnAt: 0 };
    const folded = timelineRows(
      parent,
      { ...registration, classifications: [classified(0, 'real-user-turn', -1), classified(1, 'assistant'), continued, classified(3, 'assistant')] },
      null,
      4,
    );
    expect(withRuntimeTurns(folded, [0, 2], 4).classifications[2]).toEqual({ ...classified(2, 'real-user-turn', -1) });
  });
});
