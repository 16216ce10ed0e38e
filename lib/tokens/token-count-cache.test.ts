import { describe, expect, it } from 'vitest';
import { TokenCountCache } from './token-count-cache';

describe('TokenCountCache', () => {
  it('answers a count for the same text, short or long, and none for another', () => {
    const cache = new TokenCountCache();
    const long = 'x'.repeat(10_000);
    cache.set('short text', { tokens: 2, estimated: false });
    cache.set(long, { tokens: 1_250, estimated: true });
    expect(cache.get('short text')).toEqual({ tokens: 2, estimated: false });
    expect(cache.get('x'.repeat(10_000))).toEqual({ tokens: 1_250, estimated: true });
    expect(cache.get('short text!')).toBeUndefined();
    expect(cache.get(`${'x'.repeat(9_999)}y`)).toBeUndefined();
  });

  it('keeps the newest entries, a text used again counting as new', () => {
    const cache = new TokenCountCache(2);
    cache.set('a', { tokens: 1, estimated: false });
    cache.set('b', { tokens: 1, estimated: false });
    cache.set('a', { tokens: 1, estimated: false });
    cache.set('c', { tokens: 1, estimated: false });
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('never mistakes a short text for the key of a long one', () => {
    const cache = new TokenCountCache();
    const long = 'y'.repeat(100);
    cache.set(long, { tokens: 40, estimated: false });
    expect(cache.get(`#100:${long}`)).toBeUndefined();
  });
});
