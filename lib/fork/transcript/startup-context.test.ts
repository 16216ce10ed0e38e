import { describe, expect, it } from 'vitest';
import { assistant, reminder, user } from '@/lib/scenarios/transcript-builders';
import { startupContextLength } from './startup-context';

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
