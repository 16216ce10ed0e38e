import { describe, expect, it } from 'vitest';
import { user } from '@/lib/scenarios/transcript-builders';
import { forkTurnBoundaries, isContextFragment, isForkTurnBoundary, lastTurnsStart } from './fork-turns';

describe('Codex fork turns', () => {
  it('reads a harness block by its markers, trimmed and without regard to ASCII case', () => {
    expect(isContextFragment('  <ENVIRONMENT_CONTEXT>\n<cwd>/r</cwd>\n</environment_context>\n')).toBe(true);
    expect(isContextFragment('# agents.md instructions for /repo\n<INSTRUCTIONS>x</instructions>')).toBe(true);
    expect(isContextFragment('<subagent_notification>{"agent":"a"}</subagent_notification>')).toBe(true);
    expect(isContextFragment('<turn_aborted>stopped</turn_aborted>')).toBe(true);
    // Opening without the closing marker, or the other way round, is the person's text.
    expect(isContextFragment('<environment_context> is what I mean')).toBe(false);
    expect(isContextFragment('Please read <skill>x</skill>')).toBe(false);
    expect(isContextFragment('<system-reminder>x</system-reminder>')).toBe(false);
  });

  it('makes a whole message context when any one text part is a block; every other user message is a turn', () => {
    expect(
      isForkTurnBoundary(
        user('m', [
          { type: 'text', text: 'Fix it.' },
          { type: 'text', text: '<skill>\nname\n</skill>' },
        ]).message,
      ),
    ).toBe(false);
    expect(isForkTurnBoundary(user('i', [{ type: 'image', image: 'data:image/png;base64,AA==' }]).message)).toBe(true);
    expect(isForkTurnBoundary(user('b', '   ').message)).toBe(true);
    // An importer's meta mark plays no part: Codex reads content only.
    expect(isForkTurnBoundary(user('c', '/compact', { origin: { meta: true } }).message)).toBe(true);
    expect(isForkTurnBoundary({ role: 'assistant', content: 'hi' })).toBe(false);
  });

  it('counts boundaries before the fork point and starts a window at the Nth from the end, or the first', () => {
    const messages = [user('e', '<environment_context></environment_context>'), user('u1', 'a'), user('u2', 'b'), user('u3', 'c')];
    expect(forkTurnBoundaries(messages, 3)).toEqual([1, 2]);
    expect(lastTurnsStart([1, 2, 3], 1n)).toBe(3);
    expect(lastTurnsStart([1, 2, 3], 3n)).toBe(1);
    expect(lastTurnsStart([1, 2, 3], 18446744073709551615n)).toBe(1);
    expect(lastTurnsStart([], 1n)).toBeNull();
  });
});
