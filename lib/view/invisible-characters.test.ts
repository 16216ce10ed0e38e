import { describe, expect, it } from 'vitest';
import { visibleSegments } from './invisible-characters';

describe('invisible characters', () => {
  it('leaves text without any as one run', () => {
    expect(visibleSegments('plain text')).toEqual([{ kind: 'text', text: 'plain text' }]);
    expect(visibleSegments('')).toEqual([{ kind: 'text', text: '' }]);
  });

  it('marks a right-to-left override, zero-width characters and a byte-order mark where they stand', () => {
    expect(visibleSegments('pay \u202eusd01\u202c now\u200b!\ufeff')).toEqual([
      { kind: 'text', text: 'pay ' },
      { kind: 'invisible', char: '\u202e', mark: 'RLO', codepoint: 'U+202E' },
      { kind: 'text', text: 'usd01' },
      { kind: 'invisible', char: '\u202c', mark: 'PDF', codepoint: 'U+202C' },
      { kind: 'text', text: ' now' },
      { kind: 'invisible', char: '\u200b', mark: 'ZWSP', codepoint: 'U+200B' },
      { kind: 'text', text: '!' },
      { kind: 'invisible', char: '\ufeff', mark: 'BOM', codepoint: 'U+FEFF' },
    ]);
  });

  it('marks each tag character (hidden ASCII) by its code point', () => {
    expect(visibleSegments('a\u{e0041}')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'invisible', char: '\u{e0041}', mark: 'TAG', codepoint: 'U+E0041' },
    ]);
  });

  it('keeps a joiner inside an emoji sequence as text, and marks one between letters', () => {
    expect(visibleSegments('dev 👩\u200d💻 ok')).toEqual([{ kind: 'text', text: 'dev 👩\u200d💻 ok' }]);
    expect(visibleSegments('a\u200db')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'invisible', char: '\u200d', mark: 'ZWJ', codepoint: 'U+200D' },
      { kind: 'text', text: 'b' },
    ]);
  });
});
