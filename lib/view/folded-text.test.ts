import { describe, expect, it } from 'vitest';
import { foldedText } from './folded-text';

const limits = { characters: 20, lines: 3 };

describe('foldedText', () => {
  it('leaves a text that fits whole', () => {
    expect(foldedText('short', limits)).toBeNull();
    expect(foldedText('a\nb\nc', limits)).toBeNull();
    expect(foldedText('x'.repeat(20), limits)).toBeNull();
  });

  it('folds at the character limit', () => {
    expect(foldedText('x'.repeat(21), limits)).toBe('x'.repeat(20));
  });

  it('folds after the last line it shows, whichever limit comes first', () => {
    expect(foldedText('a\nb\nc\nd', limits)).toBe('a\nb\nc');
    expect(foldedText('one\ntwo\nthree\nfour', limits)).toBe('one\ntwo\nthree');
    expect(foldedText(`a\n${'y'.repeat(30)}\nc\nd`, limits)).toBe(`a\n${'y'.repeat(18)}`);
  });
});
