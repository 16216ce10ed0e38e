/*
 * The few Rust standard-library behaviours Codex's checks lean on, reproduced where JavaScript's
 * own differ: `str::trim`, `usize::from_str` and how `serde` prints a value it did not expect.
 */

/**
 * Unicode `White_Space`, which Rust's `str::trim` removes. JavaScript's `trim` differs on two
 * characters: it also removes U+FEFF (a byte-order mark, not white space to Rust) and keeps U+0085.
 */
const WHITE_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

export function rustTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && WHITE_SPACE.test(text[start]!)) start++;
  while (end > start && WHITE_SPACE.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** The largest `usize` on the 64-bit builds Codex ships. */
const USIZE_MAX = 2n ** 64n - 1n;

/**
 * `text.parse::<usize>()`: ASCII digits with an optional leading `+` (an unsigned type takes no
 * `-`, not even for zero), leading zeros allowed, nothing else, and no overflow. Returns the value,
 * or null where Rust returns an error. A bigint, since a valid value can exceed 2^53.
 */
export function parseUsize(text: string): bigint | null {
  const digits = text.startsWith('+') ? text.slice(1) : text;
  if (!/^[0-9]+$/.test(digits)) return null;
  const value = BigInt(digits);
  return value > USIZE_MAX ? null : value;
}

/**
 * Characters `{:?}` writes as `\u{…}`: controls, format characters (a soft hyphen, a zero-width
 * space, a byte-order mark), line and paragraph separators, and unassigned or private code points.
 */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;

/** A string as Rust's `{:?}` writes it: quoted, with quotes, backslashes and control characters escaped. */
export function rustDebugString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char === '\0') out += '\\0';
    else if (NOT_PRINTABLE.test(char)) out += `\\u{${code.toString(16)}}`;
    else out += char;
  }
  return `${out}"`;
}

/**
 * A float as `serde` names it in an error (`WithDecimalPoint`): Rust's `Display` of an `f64`, which
 * never uses an exponent, with `.0` added when it has no decimal point.
 */
export function rustFloat(value: number): string {
  // Both languages print the shortest digits that read back as the same float; JavaScript then
  // switches to an exponent from 1e21 and below 1e-6, where Rust writes the zeros out.
  const [mantissa, exponentText] = String(value).split('e');
  let plain = mantissa!;
  if (exponentText !== undefined) {
    const negative = mantissa!.startsWith('-');
    const [whole, fraction = ''] = mantissa!.replace('-', '').split('.');
    const digits = whole! + fraction;
    const point = whole!.length + Number(exponentText);
    const unsigned =
      point <= 0
        ? `0.${'0'.repeat(-point)}${digits}`
        : point >= digits.length
          ? `${digits}${'0'.repeat(point - digits.length)}`
          : `${digits.slice(0, point)}.${digits.slice(point)}`;
    plain = negative ? `-${unsigned}` : unsigned;
  }
  return plain.includes('.') ? plain : `${plain}.0`;
}
