import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { contentHash } from './content-hash';

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"x":0,"z":1}]},"b":1}');
  });

  it('keeps a __proto__ key as data', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as unknown;
    expect(canonicalJson(value)).toBe('{"__proto__":{"polluted":true},"a":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('contentHash', () => {
  it('is the SHA-256 of the canonical JSON', async () => {
    // sha256('{"a":1}')
    expect(await contentHash({ a: 1 })).toBe('015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
  });

  it('ignores key order and object identity, and sees any change of content', async () => {
    const one = await contentHash({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
    expect(await contentHash({ content: [{ text: 'hi', type: 'text' }], role: 'user' })).toBe(one);
    expect(await contentHash({ role: 'user', content: [{ type: 'text', text: 'hi!' }] })).not.toBe(one);
  });
});
