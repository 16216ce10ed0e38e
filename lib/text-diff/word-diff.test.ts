import { describe, expect, it } from 'vitest';
import { MAX_WORD_EDITS, wordCount, wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('reads the same text as kept whole', () => {
    expect(wordDiff('a b c', 'a b c')).toEqual({ chunks: [{ text: 'a b c', change: 'kept' }], related: true, kept: 3, removed: 0, added: 0 });
  });

  it('marks the words an edit changed, with the counts of each side', () => {
    expect(wordDiff('the release tag is v1', 'the release tag is v2')).toEqual({
      chunks: [
        { text: 'the release tag is ', change: 'kept' },
        { text: 'v1', change: 'removed' },
        { text: 'v2', change: 'added' },
      ],
      related: true,
      kept: 4,
      removed: 1,
      added: 1,
    });
  });

  it('gives two texts that keep under a third of the shorter one whole, one after the other', () => {
    const diff = wordDiff('alpha beta gamma delta', 'alpha one two three four five');
    expect(diff.related).toBe(false);
    expect(diff.chunks).toEqual([
      { text: 'alpha beta gamma delta', change: 'removed' },
      { text: 'alpha one two three four five', change: 'added' },
    ]);
  });

  it('keeps an edit that keeps a third of the shorter text', () => {
    expect(wordDiff('alpha beta gamma', 'alpha one two three').related).toBe(true);
  });

  it('stops past the edit cap and gives the texts whole', () => {
    const words = (seed: string) => Array.from({ length: MAX_WORD_EDITS * 2 }, (_, k) => `${seed}${k}`).join(' ');
    const diff = wordDiff(words('a'), words('b'));
    expect(diff).toMatchObject({ related: false, kept: 0, removed: MAX_WORD_EDITS * 2, added: MAX_WORD_EDITS * 2 });
    expect(diff.chunks.map((chunk) => chunk.change)).toEqual(['removed', 'added']);
  });
});

describe('wordCount', () => {
  it('counts runs between whitespace', () => {
    expect([wordCount(''), wordCount('  '), wordCount(' a  b\n c '), wordCount('one')]).toEqual([0, 0, 3, 1]);
  });
});
