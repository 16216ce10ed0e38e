/**
 * Characters a person cannot see but a model reads: zero-width ones, bidirectional controls
 * (a right-to-left override flips how the rest of a line *looks* without changing what it says),
 * soft hyphens, tag characters. Fork Lab shows what a child receives exactly, so each is shown as
 * a mark where it stands, and never applied.
 */
const NAMES: Readonly<Record<number, string>> = {
  173: 'SHY',
  847: 'CGJ',
  1564: 'ALM',
  6158: 'MVS',
  8203: 'ZWSP',
  8204: 'ZWNJ',
  8205: 'ZWJ',
  8206: 'LRM',
  8207: 'RLM',
  8234: 'LRE',
  8235: 'RLE',
  8236: 'PDF',
  8237: 'LRO',
  8238: 'RLO',
  8288: 'WJ',
  8289: 'FA',
  8290: 'IT',
  8291: 'IS',
  8292: 'IP',
  8294: 'LRI',
  8295: 'RLI',
  8296: 'FSI',
  8297: 'PDI',
  65279: 'BOM',
};

// Tag characters (U+E0000–E007F) spell hidden ASCII text; the others above have names of their own.
// The combining grapheme joiner stands apart: in a class it would read as joining its neighbour.
const INVISIBLE = /\u034f|[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

export type TextSegment = { kind: 'text'; text: string } | { kind: 'invisible'; char: string; mark: string; codepoint: string };

function codepointOf(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The text in runs, each invisible character a segment of its own with its mark (`RLO`, `ZWSP`,
 * `TAG`) and code point. A zero-width joiner between two pictographs is how an emoji sequence is
 * written (👩‍💻), not a hidden character, so it stays text.
 */
export function visibleSegments(text: string): TextSegment[] {
  if (text.search(INVISIBLE) === -1) return [{ kind: 'text', text }];
  const segments: TextSegment[] = [];
  let from = 0;
  for (const found of text.matchAll(INVISIBLE)) {
    const at = found.index;
    const char = found[0];
    if (char === '\u200d' && PICTOGRAPH.test(text.slice(Math.max(0, at - 2), at)) && PICTOGRAPH.test(text.slice(at + 1, at + 3))) continue;
    if (at > from) segments.push({ kind: 'text', text: text.slice(from, at) });
    const code = char.codePointAt(0)!;
    segments.push({ kind: 'invisible', char, mark: NAMES[code] ?? 'TAG', codepoint: codepointOf(char) });
    from = at + char.length;
  }
  if (from < text.length) segments.push({ kind: 'text', text: text.slice(from) });
  return segments.length === 0 ? [{ kind: 'text', text }] : mergedText(segments);
}

/** Text runs that skipping a joiner left side by side, as one. */
function mergedText(segments: TextSegment[]): TextSegment[] {
  const merged: TextSegment[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (segment.kind === 'text' && last?.kind === 'text') merged[merged.length - 1] = { kind: 'text', text: last.text + segment.text };
    else merged.push(segment);
  }
  return merged;
}
