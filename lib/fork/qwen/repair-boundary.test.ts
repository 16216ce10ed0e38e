import { describe, expect, it } from 'vitest';
import { assistant, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { curateHistory } from '../transcript/curate-history';
import type { TranscriptMessage } from '../transcript/transcript';
import { repairBoundary } from './repair-boundary';

function repair(messages: TranscriptMessage[]) {
  return repairBoundary(curateHistory(messages), 'go', messages);
}

describe('repairBoundary', () => {
  it('names each boundary case', () => {
    expect(repair([]).boundary).toBe('empty-selection');
    expect(repair([user('u', 'q')]).boundary).toBe('trailing-user-dropped');
    expect(repair([user('u', 'q'), assistant('a', 'ok'), user('u2', 'q2')]).boundary).toBe('trailing-user-dropped');
    expect(repair([user('u', 'q'), assistant('a', 'ok')]).boundary).toBe('assistant-reply');
    expect(repair([user('u', 'q'), toolCalls('c', [{ id: 'x', tool: 't', input: { a: 1 } }])]).boundary).toBe('in-flight-tool-call');
  });

  it('looks only at the last curated entry: a trailing user-role entry is dropped and nothing else repaired', () => {
    const messages = [
      user('u', 'q'),
      toolCalls('c', [{ id: 'x', tool: 't', input: {} }]),
      toolResults('r', [{ id: 'x', tool: 't', output: 'ok' }]),
      user('rem', '<system-reminder>x</system-reminder>'),
    ];
    const repaired = repair(messages);
    expect(repaired.boundary).toBe('trailing-user-dropped');
    expect(repaired.dropped.map((entry) => entry.sources)).toEqual([[2, 3]]);
    expect(repaired.inFlight).toBeNull();
    expect(repaired.initialMessages.map((entry) => entry.source)).toEqual([
      { kind: 'copy', parentIndexes: [0], parentIds: ['u'] },
      { kind: 'copy', parentIndexes: [1], parentIds: ['c'] },
    ]);
  });

  it('does not redact the parent’s own objects', () => {
    const messages = [user('u', 'q'), toolCalls('c', [{ id: 'x', tool: 't', input: { secret: 'directive' } }])];
    repair(messages);
    expect(messages[1]!.message.content).toEqual([{ type: 'tool-call', toolCallId: 'x', toolName: 't', input: { secret: 'directive' } }]);
  });
});
