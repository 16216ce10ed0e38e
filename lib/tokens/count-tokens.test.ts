import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { countMessageTokens, countTextTokens, countToolTokens } = await import('./count-tokens');

describe('token counts (o200k_base)', () => {
  it('counts text with the real tokenizer', () => {
    expect(countTextTokens('')).toBe(0);
    expect(countTextTokens('hello world')).toBe(2);
  });

  it('counts special-token text as plain characters instead of throwing', () => {
    expect(countTextTokens('a <|endoftext|> b')).toBe(9);
  });

  it('adds a fixed cost per binary part', () => {
    expect(countMessageTokens({ role: 'user', content: [{ type: 'image', image: 'aGVsbG8=' }] })).toBe(85);
    expect(
      countMessageTokens({
        role: 'user',
        content: [
          { type: 'text', text: 'hello world' },
          { type: 'image', image: 'aGVsbG8=' },
        ],
      }),
    ).toBe(87);
  });

  it('counts tool declarations', () => {
    expect(countToolTokens([])).toBe(0);
    expect(countToolTokens([{ name: 'ls' }])).toBeGreaterThan(2);
  });
});
