import { describe, expect, it } from 'vitest';
import { user } from '@/lib/scenarios/transcript-builders';
import { containsReminder, isPureReminderMessage, isReminderText } from './reminder';

describe('isReminderText', () => {
  it('accepts a part that opens and closes the reminder tag', () => {
    expect(isReminderText('<system-reminder>\ntools changed\n</system-reminder>')).toBe(true);
  });

  it('ignores trailing white space after the closing tag', () => {
    expect(isReminderText('<system-reminder>x</system-reminder>\n\n  \t')).toBe(true);
  });

  it('rejects a reminder glued in front of a prompt in the same part', () => {
    expect(isReminderText('<system-reminder>x</system-reminder>\nnow fix the bug')).toBe(false);
  });

  it('rejects leading white space and a missing closing tag', () => {
    expect(isReminderText(' <system-reminder>x</system-reminder>')).toBe(false);
    expect(isReminderText('<system-reminder>x')).toBe(false);
  });
});

describe('isPureReminderMessage', () => {
  it('holds when every part of a user message is a reminder text', () => {
    const message = user('r', [
      { type: 'text', text: '<system-reminder>a</system-reminder>' },
      { type: 'text', text: '<system-reminder>b</system-reminder>' },
    ]).message;
    expect(isPureReminderMessage(message)).toBe(true);
  });

  it('fails for a reminder next to a prompt, an empty message, or a non-user role', () => {
    expect(
      isPureReminderMessage(
        user('r', [
          { type: 'text', text: '<system-reminder>a</system-reminder>' },
          { type: 'text', text: 'do it' },
        ]).message,
      ),
    ).toBe(false);
    expect(isPureReminderMessage({ role: 'user', content: [] })).toBe(false);
    expect(isPureReminderMessage({ role: 'user', content: '' })).toBe(false);
    expect(isPureReminderMessage({ role: 'assistant', content: '<system-reminder>a</system-reminder>' })).toBe(false);
  });

  it('reads string content as one text part', () => {
    expect(isPureReminderMessage({ role: 'user', content: '<system-reminder>a</system-reminder>' })).toBe(true);
  });

  it('containsReminder finds a reminder part among others', () => {
    const message = user('r', [
      { type: 'text', text: 'hello' },
      { type: 'text', text: '<system-reminder>a</system-reminder>' },
    ]).message;
    expect(containsReminder(message)).toBe(true);
    expect(containsReminder(user('p', 'plain').message)).toBe(false);
  });

  it('containsReminder reads a string content as its one text part, an empty one as none', () => {
    expect(containsReminder({ role: 'user', content: '<system-reminder>a</system-reminder>\n' })).toBe(true);
    expect(containsReminder({ role: 'user', content: '<system-reminder>a</system-reminder> and a prompt' })).toBe(false);
    expect(containsReminder({ role: 'user', content: '' })).toBe(false);
  });
});
