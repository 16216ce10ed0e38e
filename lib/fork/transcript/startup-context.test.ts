import { describe, expect, it } from 'vitest';
import { assistant, reminder, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { startupContextLength, syntheticPrefixRoles } from './startup-context';

describe('startupContextLength', () => {
  it('is 1 when message 0 is a pure reminder', () => {
    expect(startupContextLength([reminder('s', 'env'), user('u', 'hi')])).toBe(1);
  });

  it('is 2 for the legacy pair ending in the exact acknowledgement', () => {
    expect(startupContextLength([user('s', 'This is the context: cwd /x'), assistant('a', 'Got it. Thanks for the context!')])).toBe(2);
  });

  it('is 0 when the acknowledgement differs by a single character', () => {
    expect(startupContextLength([user('s', 'context'), assistant('a', 'Got it. Thanks for the context.')])).toBe(0);
    expect(startupContextLength([user('s', 'context'), assistant('a', 'Got it. Thanks for the additional context!')])).toBe(0);
  });

  it('is 0 for a prompt first, and for an empty transcript', () => {
    expect(startupContextLength([user('u', 'hi'), assistant('a', 'hello')])).toBe(0);
    expect(startupContextLength([])).toBe(0);
  });
});

describe('syntheticPrefixRoles (getStartupContextLength with includeCompressed)', () => {
  const summary = user('sum', 'Summary. Resume the prior task.');
  const ack = assistant('ack', 'Got it. Thanks for the additional context!');

  it('takes any user entry answered by exactly the legacy acknowledgement for the legacy pair', () => {
    expect(syntheticPrefixRoles([user('u', 'a real question'), assistant('a', 'Got it. Thanks for the context!'), user('u2', 'next')])).toEqual([
      'legacy-context',
      'legacy-acknowledgement',
    ]);
  });

  it('skips a pure reminder, with a compaction prefix right after it', () => {
    expect(syntheticPrefixRoles([reminder('r', 'env'), assistant('a', 'ok')])).toEqual(['startup-reminder']);
    expect(syntheticPrefixRoles([reminder('r', 'env'), summary, ack])).toEqual(['startup-reminder', 'summary', 'acknowledgement']);
  });

  it('finds a compaction prefix at the start, and nothing before an assistant entry or a plain prompt', () => {
    expect(syntheticPrefixRoles([summary, ack, user('u', 'next')])).toEqual(['summary', 'acknowledgement']);
    expect(syntheticPrefixRoles([toolCalls('c', [{ id: 'x', tool: 't', input: {} }]), assistant('a', 'Got it. Thanks for the context!')])).toEqual([]);
    expect(syntheticPrefixRoles([user('u', 'hi'), assistant('a', 'hello')])).toEqual([]);
    expect(syntheticPrefixRoles([])).toEqual([]);
  });
});
