import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

/**
 * The longest pre-token (the regex split o200k makes before byte-pair merging) counted exactly.
 * gpt-tokenizer's merge rescans and splices the whole pre-token at every merge, so its cost grows
 * with the square of the pre-token's length: one 200 KB run of a letter is one pre-token and took
 * minutes. Words, numbers and punctuation runs in real text are far shorter; a longer pre-token (a
 * run of one case of letters, a row of 300 dashes, a long blank stretch) is counted in pieces of
 * this length, and that count is an estimate: merges across a piece boundary are missed.
 */
export const LONGEST_EXACT_PRE_TOKEN = 256;

/** About how much text one piece holds: counting can yield to the event loop between pieces. */
export const PIECE_CHARS = 2048;

export interface TextPiece {
  text: string;
  /** False for a part of an over-long pre-token, whose count is an estimate. */
  exact: boolean;
}

const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const SLASH = 47;

function isWhitespace(code: number): boolean {
  return code === SPACE || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));
}

function isLetterAt(text: string, index: number): boolean {
  const code = text.codePointAt(index);
  if (code === undefined) return false;
  if (code < 128) return (code | 32) >= 97 && (code | 32) <= 122;
  return /\p{L}/u.test(String.fromCodePoint(code));
}

/**
 * Whether o200k's split always has a pre-token boundary before `index`, whatever surrounds it:
 * - before a space that precedes a letter: the space starts that word's pre-token (` word`), and
 *   no pre-token ends in a space that a letter follows;
 * - after a line break, before anything but whitespace or `/`: a pre-token holds a line break
 *   only in a run of whitespace or in the `[\r\n/]*` tail of a punctuation run.
 * The split has no look-behind, so text cut there splits into the same pre-tokens on each side.
 */
function isBoundary(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  const before = text.charCodeAt(index - 1);
  if (before === LINE_FEED || before === CARRIAGE_RETURN) return code !== SLASH && !isWhitespace(code);
  return code === SPACE && isLetterAt(text, index + 1);
}

/** An over-long pre-token in pieces of at most {@link LONGEST_EXACT_PRE_TOKEN}, never inside a surrogate pair. */
function* estimatePieces(text: string, from: number, to: number): Generator<TextPiece> {
  for (let start = from; start < to; ) {
    let end = Math.min(to, start + LONGEST_EXACT_PRE_TOKEN);
    const last = text.charCodeAt(end - 1);
    if (end < to && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield { text: text.slice(start, end), exact: false };
    start = end;
  }
}

/** Split with o200k's own regex: whole pre-tokens grouped up to about {@link PIECE_CHARS}, over-long ones cut. */
function* splitPieces(text: string, pieceChars: number): Generator<TextPiece> {
  let start = 0;
  for (const match of text.matchAll(new RegExp(O200K_TOKEN_SPLIT_REGEX))) {
    const end = match.index + match[0].length;
    if (match[0].length > LONGEST_EXACT_PRE_TOKEN) {
      if (match.index > start) yield { text: text.slice(start, match.index), exact: true };
      yield* estimatePieces(text, match.index, end);
      start = end;
    } else if (end - start >= pieceChars) {
      yield { text: text.slice(start, end), exact: true };
      start = end;
    }
  }
  if (start < text.length) yield { text: text.slice(start), exact: true };
}

/**
 * Text in pieces whose o200k counts add up to the count of the whole, each under
 * {@link PIECE_CHARS} + {@link LONGEST_EXACT_PRE_TOKEN} characters, so counting is linear in the text
 * and can pause between pieces. Pieces are cut where a pre-token boundary is certain (a cheap scan);
 * only a stretch where those are further apart than the longest exact pre-token (no spaces before
 * words: base64, minified JSON, a long run of one character) is split with the tokenizer's regex,
 * which finds any over-long pre-token. Only those are inexact.
 */
export function* textPieces(text: string, pieceChars = PIECE_CHARS): Generator<TextPiece> {
  let start = 0;
  let lastBoundary = 0;
  let wideGap = false;
  for (let index = 1; index < text.length; index += 1) {
    if (!isBoundary(text, index)) continue;
    wideGap ||= index - lastBoundary > LONGEST_EXACT_PRE_TOKEN;
    lastBoundary = index;
    if (index - start >= pieceChars) {
      if (wideGap) yield* splitPieces(text.slice(start, index), pieceChars);
      else yield { text: text.slice(start, index), exact: true };
      start = index;
      wideGap = false;
    }
  }
  if (start === text.length) return;
  if (wideGap || text.length - lastBoundary > LONGEST_EXACT_PRE_TOKEN) yield* splitPieces(text.slice(start), pieceChars);
  else yield { text: text.slice(start), exact: true };
}
