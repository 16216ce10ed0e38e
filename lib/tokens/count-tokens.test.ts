import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { CountingPace } from './counting-pace';
import { LONGEST_EXACT_PRE_TOKEN, PIECE_CHARS } from './text-pieces';

const { countMessage, countText, countTools } = await import('./count-tokens');

const exact = (tokens: number) => ({ tokens, estimated: false });
const PROSE = 'The build number is 4417; the tests in src/date.test.ts pass, and nobody touched parseDate. ';

describe('token counts (o200k_base)', () => {
  it('counts text with the real tokenizer', async () => {
    expect(await countText('')).toEqual(exact(0));
    expect(await countText('hello world')).toEqual(exact(2));
  });

  it('counts special-token text as plain characters instead of throwing', async () => {
    expect(await countText('a <|endoftext|> b')).toEqual(exact(9));
  });

  it('adds a fixed cost per binary part', async () => {
    expect(await countMessage({ role: 'user', content: [{ type: 'image', image: 'aGVsbG8=' }] })).toEqual(exact(85));
    expect(
      await countMessage({
        role: 'user',
        content: [
          { type: 'text', text: 'hello world' },
          { type: 'image', image: 'aGVsbG8=' },
        ],
      }),
    ).toEqual(exact(87));
  });

  it('counts tool declarations', async () => {
    expect(await countTools([])).toEqual(exact(0));
    expect((await countTools([{ name: 'ls' }])).tokens).toBeGreaterThan(2);
  });

  it('counts long ordinary text exactly, as the tokenizer does in one call', async () => {
    const text = `${PROSE.repeat(3000)}\n${JSON.stringify({ files: Array.from({ length: 2000 }, (_, index) => `src/f${index}.ts`) })}`;
    expect(await countText(text)).toEqual(exact(countTokens(text, { disallowedSpecial: new Set() })));
  });

  it('counts a 200 KB run of one letter in pieces, and says the count is an estimate', async () => {
    const counted = await countText(`Here: ${'a'.repeat(200 * 1024)} done.`);
    expect(counted.estimated).toBe(true);
    // o200k's longest run of "a" is 8 letters, so the run alone is about 25,600 tokens.
    expect(counted.tokens).toBeGreaterThanOrEqual(25_600);
    expect(counted.tokens).toBeLessThan(25_600 + (200 * 1024) / LONGEST_EXACT_PRE_TOKEN);
  });

  it('keeps an estimate of an irregular or one-character run within a token per piece of the exact count', async () => {
    let seed = 12_345;
    const letters = Array.from({ length: 6000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return String.fromCharCode(97 + (seed % 26));
    }).join('');
    for (const text of [`Hash: ${letters}`, 'q'.repeat(6000), '-'.repeat(3000), `${' '.repeat(3000)}x`]) {
      const exactCount = countTokens(text, { disallowedSpecial: new Set() });
      const counted = await countText(text);
      expect(counted.estimated).toBe(true);
      expect(Math.abs(counted.tokens - exactCount)).toBeLessThanOrEqual(Math.ceil(text.length / LONGEST_EXACT_PRE_TOKEN));
    }
  }, 30_000);

  it('lets the event loop run between bounded stretches of counting', async () => {
    // Counted under one pace: many small messages, a long message and one long run of a letter.
    const texts = [...Array.from({ length: 300 }, (_, index) => `${index}: ${PROSE}`), PROSE.repeat(2000), 'a'.repeat(200 * 1024)];
    const pace = new CountingPace();
    const seen: number[] = [0];
    let ticking = true;
    const tick = () => {
      seen.push(pace.counted);
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    for (const text of texts) await countText(text, pace);
    ticking = false;
    seen.push(pace.counted);

    const total = texts.reduce((sum, text) => sum + text.length, 0);
    expect(pace.counted).toBe(total);
    const gaps = seen.slice(1).map((counted, index) => counted - seen[index]!);
    // Between two turns of the event loop, at most one budget (or one piece) of counting ran.
    expect(Math.max(...gaps)).toBeLessThan(PIECE_CHARS + LONGEST_EXACT_PRE_TOKEN);
    expect(seen.length).toBeGreaterThan(total / (PIECE_CHARS + LONGEST_EXACT_PRE_TOKEN));
  });
});
