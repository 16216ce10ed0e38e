import { describe, expect, it } from 'vitest';
import { copyUnlessFrozen, deepClone } from './deep-clone';
import { deepFreeze } from './deep-freeze';

describe('deepClone', () => {
  it('copies nested objects and arrays so no object is shared', () => {
    const input = { a: [{ b: { c: 1 } }], d: 'x', e: null, f: true };
    const copy = deepClone(input);
    expect(copy).toEqual(input);
    expect(copy).not.toBe(input);
    expect(copy.a).not.toBe(input.a);
    expect(copy.a[0]).not.toBe(input.a[0]);
    expect(copy.a[0]!.b).not.toBe(input.a[0]!.b);
  });

  it('copies binary data, URLs and dates', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const url = new URL('https://example.com/a.png');
    const date = new Date(0);
    const copy = deepClone({ bytes, url, date });
    expect(copy.bytes).toEqual(bytes);
    expect(copy.bytes).not.toBe(bytes);
    copy.bytes[0] = 9;
    expect(bytes[0]).toBe(1);
    expect(copy.url.href).toBe(url.href);
    expect(copy.url).not.toBe(url);
    expect(copy.date.getTime()).toBe(0);
    expect(copy.date).not.toBe(date);
  });

  it('keeps a "__proto__" key as a plain own property instead of changing the prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>;
    const copy = deepClone(input);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'ok']);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('keeps objects without a prototype prototype-less', () => {
    const input = Object.create(null) as Record<string, number>;
    input.x = 1;
    const copy = deepClone(input);
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(copy.x).toBe(1);
  });
});

describe('copyUnlessFrozen', () => {
  it('shares every deep-frozen part and copies everything else', () => {
    const frozenPart = deepFreeze({ type: 'text', text: 'kept' });
    const shallow = Object.freeze({ type: 'text', nested: { text: 'copied' } });
    const message = { role: 'user', content: [frozenPart, shallow, { type: 'text', text: 'own' }] };
    const copy = copyUnlessFrozen(message);
    expect(copy).toEqual(message);
    expect(copy).not.toBe(message);
    expect(copy.content).not.toBe(message.content);
    expect(copy.content[0]).toBe(frozenPart);
    expect(copy.content[1]).not.toBe(shallow);
    expect((copy.content[1] as typeof shallow).nested).not.toBe(shallow.nested);
    expect(copy.content[2]).not.toBe(message.content[2]);
  });

  it('answers a deep-frozen value itself, and copies like deepClone when nothing is', () => {
    const frozen = deepFreeze({ role: 'assistant', content: [{ type: 'text', text: 'hi' }] });
    expect(copyUnlessFrozen(frozen)).toBe(frozen);
    const bytes = new Uint8Array([1, 2, 3]);
    const copy = copyUnlessFrozen({ bytes, list: [{ a: 1 }] });
    expect(copy.bytes).not.toBe(bytes);
    expect(copy.bytes).toEqual(bytes);
    expect(copy).toEqual({ bytes, list: [{ a: 1 }] });
  });
});
