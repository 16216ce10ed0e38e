import { describe, expect, it } from 'vitest';
import { cachedJson } from './cached-json';
import { deepFreeze } from './deep-freeze';

describe('cachedJson', () => {
  it('writes exactly what JSON.stringify writes', () => {
    const transcript = deepFreeze({ messages: [{ id: 'a', message: { role: 'user', content: 'x "quoted" @cached:1:0' } }] });
    const value = {
      sessions: { s: { transcript, selection: { directive: '@cached:0' }, children: [{ plan: deepFreeze({ a: [1, 2] }), ownMessages: deepFreeze([]) }] } },
      other: null,
    };
    expect(cachedJson(value)).toBe(JSON.stringify(value));
    expect(JSON.parse(cachedJson(value))).toEqual(value);
  });

  it('re-uses the text of an unchanged frozen part and sees a replaced one', () => {
    const transcript = deepFreeze({ messages: ['one'] });
    expect(cachedJson({ transcript })).toBe('{"transcript":{"messages":["one"]}}');
    const replaced = deepFreeze({ messages: ['two'] });
    expect(cachedJson({ transcript: replaced })).toBe('{"transcript":{"messages":["two"]}}');
  });

  it('does not cache a part that is not frozen (it could change under the cache)', () => {
    const transcript = { messages: ['one'] };
    expect(cachedJson({ transcript })).toBe('{"transcript":{"messages":["one"]}}');
    transcript.messages.push('two');
    expect(cachedJson({ transcript })).toBe('{"transcript":{"messages":["one","two"]}}');
  });
});
