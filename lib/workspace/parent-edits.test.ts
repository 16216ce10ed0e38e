import { describe, expect, it } from 'vitest';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';
import { appendMessage, deleteMessage, freshMessageId, ParentEditError, replaceMessage } from './parent-edits';

const parent = parentOf([user('m1', 'hello'), assistant('m2', 'hi')]);

describe('parent edits', () => {
  it('appends with a fresh id, replaces in place and deletes, leaving the input alone', () => {
    const before = structuredClone(parent);
    const appended = appendMessage(parent, { role: 'user', content: 'more' });
    expect(appended.messages.map((entry) => entry.id)).toEqual(['m1', 'm2', 'm3']);
    expect(appended.messages[2]!.message).toEqual({ role: 'user', content: 'more' });
    const replaced = replaceMessage(parent, 1, { role: 'assistant', content: 'changed' });
    expect(replaced.messages[1]).toEqual({ id: 'm2', message: { role: 'assistant', content: 'changed' } });
    expect(deleteMessage(parent, 0).messages.map((entry) => entry.id)).toEqual(['m2']);
    expect(parent).toEqual(before);
  });

  it('skips ids already taken', () => {
    expect(freshMessageId(parentOf([user('m2', 'a'), user('m3', 'b')]))).toBe('m4');
  });

  it('refuses an invalid message or a missing index, saying what is wrong', () => {
    expect(() => replaceMessage(parent, 0, { role: 'wizard', content: 'x' } as never)).toThrow(ParentEditError);
    expect(() => deleteMessage(parent, 5)).toThrow('There is no message #5: the parent has messages #0 to #1.');
  });
});
