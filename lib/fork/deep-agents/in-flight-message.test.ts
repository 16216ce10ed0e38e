import { describe, expect, it } from 'vitest';
import { assistant, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { inFlightMessageIndex } from './in-flight-message';

const calls = toolCalls('calls', [
  { id: 'r', tool: 'read_file', input: {} },
  { id: 't', tool: 'task', input: {} },
]);

describe('the message in flight when task runs', () => {
  it('is the last assistant message with a call not yet answered, past results recorded after it', () => {
    expect(inFlightMessageIndex([user('u', 'go'), calls], 2)).toBe(1);
    expect(inFlightMessageIndex([user('u', 'go'), calls, toolResults('r1', [{ id: 'r', tool: 'read_file', output: 'x' }])], 3)).toBe(1);
  });

  it('is none when every call of it is answered, the last message is a reply, or the parent is empty', () => {
    const answered = [
      user('u', 'go'),
      calls,
      toolResults('both', [
        { id: 'r', tool: 'read_file', output: 'x' },
        { id: 't', tool: 'task', output: 'y' },
      ]),
    ];
    expect(inFlightMessageIndex(answered, 3)).toBeNull();
    expect(inFlightMessageIndex([user('u', 'go'), assistant('a', 'done')], 2)).toBeNull();
    expect(inFlightMessageIndex([user('u', 'go'), calls, user('u2', 'and?')], 3)).toBeNull();
    expect(inFlightMessageIndex([], 0)).toBeNull();
  });

  it('looks only before the fork point', () => {
    expect(inFlightMessageIndex([user('u', 'go'), calls], 1)).toBeNull();
  });
});
