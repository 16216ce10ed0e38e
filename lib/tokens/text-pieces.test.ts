import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { LONGEST_EXACT_PRE_TOKEN, PIECE_CHARS, textPieces } from './text-pieces';

const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
const count = (text: string) => countTokens(text, AS_PLAIN_TEXT);
const piecesOf = (text: string, pieceChars?: number) => [...textPieces(text, pieceChars)];
const sumOf = (text: string, pieceChars?: number) => piecesOf(text, pieceChars).reduce((sum, piece) => sum + count(piece.text), 0);

// Characters that sit on every edge of o200k's split: letters of both cases and other scripts,
// combining marks, digits, apostrophes (contractions), slashes (the punctuation tail), line breaks,
// tabs, spaces and astral characters.
const tricky = fc.constantFrom(
  'a',
  'b',
  'A',
  'Z',
  'é',
  '\u0301',
  '中',
  'ß',
  '1',
  '7',
  "'",
  's',
  't',
  '/',
  '.',
  '-',
  '{',
  '"',
  ' ',
  ' ',
  '\n',
  '\r',
  '\t',
  '\u00a0',
  '😀',
  '<|endoftext|>',
);
const trickyText = fc
  .array(fc.oneof(tricky, fc.constantFrom(' the', ' word', "don't", '\n\n', '  ', './', '\r\n')), { maxLength: 300 })
  .map((parts) => parts.join(''));

describe('textPieces', () => {
  it('covers the text in order, pieces bounded', () => {
    const prose = 'The build number is 4417, and the tests pass. '.repeat(2000);
    const pieces = piecesOf(prose);
    expect(pieces.map((piece) => piece.text).join('')).toBe(prose);
    expect(pieces.length).toBeGreaterThan(prose.length / (PIECE_CHARS + LONGEST_EXACT_PRE_TOKEN));
    for (const piece of pieces) expect(piece.text.length).toBeLessThan(PIECE_CHARS + LONGEST_EXACT_PRE_TOKEN);
    expect(pieces.every((piece) => piece.exact)).toBe(true);
  });

  it('adds up to the exact count of the whole, wherever it cuts (every boundary a cut)', () => {
    fc.assert(
      fc.property(trickyText, fc.constantFrom(1, 7, PIECE_CHARS), (text, pieceChars) => {
        const pieces = piecesOf(text, pieceChars);
        expect(pieces.map((piece) => piece.text).join('')).toBe(text);
        expect(pieces.every((piece) => piece.exact)).toBe(true);
        expect(sumOf(text, pieceChars)).toBe(count(text));
      }),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('counts real text exactly: source, JSON without spaces, base64, CJK', () => {
    const code = 'export function f(a: number): number {\n  return a * 2; // twice\n}\n\n/** Docs. */\n'.repeat(300);
    const json = JSON.stringify(Array.from({ length: 800 }, (_, index) => ({ path: `src/file-${index}.ts`, ok: index % 2 === 0 })));
    const base64 = Buffer.from(Array.from({ length: 30_000 }, (_, index) => (index * 7919) % 256)).toString('base64');
    const cjk = '日本語のテキストは単語の間に空白がありません、句読点で区切られます。'.repeat(400);
    for (const text of [code, json, base64, cjk]) {
      expect(piecesOf(text).every((piece) => piece.exact)).toBe(true);
      expect(sumOf(text)).toBe(count(text));
      expect(sumOf(text, 1)).toBe(count(text));
    }
  }, 30_000);

  it('cuts an over-long pre-token into bounded pieces and marks only those as estimates', () => {
    const run = 'a'.repeat(200 * 1024);
    const text = `Before it. ${run} after it.\n${'='.repeat(1000)}\n`;
    const pieces = piecesOf(text);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
    for (const piece of pieces) expect(piece.text.length).toBeLessThanOrEqual(piece.exact ? PIECE_CHARS + LONGEST_EXACT_PRE_TOKEN : LONGEST_EXACT_PRE_TOKEN);
    // The run (with the space before it) and the row of dashes (with its line break) are the two
    // over-long pre-tokens; everything else is counted exactly.
    const estimated = pieces.filter((piece) => !piece.exact).map((piece) => piece.text);
    expect(estimated.join('') === ` ${run}${'='.repeat(1000)}\n`).toBe(true);
    expect(pieces.filter((piece) => piece.exact).map((piece) => piece.text)).toEqual(['Before it.', ' after it.\n']);
  });

  it('never cuts a surrogate pair', () => {
    const text = '😀'.repeat(1000);
    for (const piece of piecesOf(text)) expect(piece.text).toMatch(/^(?:😀)+$/u);
  });
});
