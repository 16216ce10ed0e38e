import { describe, expect, it, vi } from 'vitest';
import { isDeepFrozen } from '@/lib/fork';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';
import { CountingPace } from '@/lib/tokens/counting-pace';
import { LONGEST_EXACT_PRE_TOKEN, PIECE_CHARS } from '@/lib/tokens/text-pieces';

const { ParentCache } = await import('./parent-cache');

const parent = (text: string) => parentOf([user('u1', text)]);
const PROSE = 'The build number is 4417; the tests in src/date.test.ts pass, and nobody touched parseDate. '.repeat(200);

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

  it('lets the event loop turn between bounded stretches of counting a large parent', async () => {
    // Each text its own (numbered first): a text counted before is looked up, not counted again.
    const large = parentOf(
      Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? user(`u${index}`, `${index} ${PROSE}`) : assistant(`a${index}`, `${index} ${PROSE}`))),
    );
    // Every piece the registration counts is let through by its pace first.
    const letThrough = CountingPace.prototype.before;
    let released = 0;
    const before = vi.spyOn(CountingPace.prototype, 'before').mockImplementation(async function (this: CountingPace, chars: number) {
      await letThrough.call(this, chars);
      released += chars;
    });
    const countedSoFar = () => released;
    const seen = [0];
    let ticking = true;
    const tick = () => {
      seen.push(countedSoFar());
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const entry = await new ParentCache().register(large);
    ticking = false;
    seen.push(countedSoFar());
    before.mockRestore();

    expect(entry.messageTokens).toHaveLength(60);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(large.messages.length * PROSE.length);
    const gaps = seen.slice(1).map((counted, index) => counted - seen[index]!);
    expect(Math.max(...gaps)).toBeLessThan(PIECE_CHARS + LONGEST_EXACT_PRE_TOKEN);
  });

  it('counts again only the messages whose text it has not counted: an edited parent registered again', async () => {
    const texts = Array.from({ length: 20 }, (_, index) => `Turn ${index} of a parent registered twice: ${PROSE}`);
    const first = parentOf(texts.map((text, index) => user(`u${index}`, text)));
    const entry = await new ParentCache().register(first);
    const edited = parentOf(texts.map((text, index) => user(`u${index}`, index === 7 ? `${text} Edited.` : text)));
    const counted = vi.spyOn(CountingPace.prototype, 'before');
    const again = await new ParentCache().register(edited);
    const charsCounted = counted.mock.calls.reduce((sum, [chars]) => sum + chars, 0);
    counted.mockRestore();
    expect(charsCounted).toBeLessThan(2 * (texts[7]!.length + 20));
    expect(again.messageTokens.filter((tokens, index) => tokens !== entry.messageTokens[index])).toHaveLength(1);
    expect(again.messageTokens[7]).toBeGreaterThan(entry.messageTokens[7]!);
  });

  it('keeps which message counts are estimates', async () => {
    const mixed = parentOf([user('u1', 'The build number is 4417.'), assistant('a1', `Here it is: ${'A'.repeat(50_000)}`)]);
    const entry = await new ParentCache().register(mixed);
    expect(entry.messageTokens[0]).toBe(8);
    expect([...entry.estimatedMessages]).toEqual([1]);
    expect(entry.systemTokens.estimated).toBe(false);
  });

  it('holds one entry for a parent registered twice at once', async () => {
    const twice = parentOf([user('u1', PROSE), assistant('a1', PROSE)]);
    const cache = new ParentCache();
    // Both count at once (counting pauses); the one that finishes second answers the first's entry.
    const [first, second] = await Promise.all([cache.register(twice), cache.register(structuredClone(twice))]);
    expect(second).toBe(first);
  });

  it('freezes the parent it registers whole, so its children may share its messages', async () => {
    const registered = parentOf([user('u1', 'The build number is 4417.'), assistant('a1', 'Noted.')]);
    const entry = await new ParentCache().register(registered);
    expect(entry.transcript).toBe(registered);
    expect([registered, registered.profile, ...registered.messages.map((entry) => entry.message)].every(isDeepFrozen)).toBe(true);
  });
});
