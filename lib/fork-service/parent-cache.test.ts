import { describe, expect, it, vi } from 'vitest';
import { parentOf, user } from '@/lib/scenarios/transcript-builders';

vi.mock('server-only', () => ({}));
const { ParentCache } = await import('./parent-cache');

const parent = (text: string) => parentOf([user('u1', text)]);

describe('ParentCache', () => {
  it('forgets the least recently used parent past its count', async () => {
    const cache = new ParentCache(2);
    const a = await cache.register(parent('a'));
    const b = await cache.register(parent('b'));
    cache.get(a.key);
    const c = await cache.register(parent('c'));
    expect([cache.get(a.key)?.key, cache.get(b.key), cache.get(c.key)?.key]).toEqual([a.key, undefined, c.key]);
  });

  it('forgets the oldest parents past its token budget, but always keeps the newest', async () => {
    const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');
    const cache = new ParentCache(32, 1_000);
    const small = await cache.register(parent(words(100)));
    const large = await cache.register(parent(words(2_000)));
    expect(cache.get(small.key)).toBeUndefined();
    expect(cache.get(large.key)?.key).toBe(large.key);
  });
});
