import { describe, expect, it } from 'vitest';
import { outputDiff, outputDiffLine } from './output-diff';

describe('outputDiff', () => {
  it('reads the same answer as the same', () => {
    const diff = outputDiff('All tests pass.', 'All tests pass.');
    expect(diff).toEqual({ verdict: 'same', added: 0, removed: 0, chunks: [{ text: 'All tests pass.', change: 'kept' }] });
    expect(outputDiffLine(diff, 'A')).toBe('The same answer as A’s.');
  });

  it('word-diffs an edit of the baseline’s answer, counting the words each side has alone', () => {
    const diff = outputDiff('Added 4 tests for parseDate; all pass.', 'Added 6 tests for parseDate and formatDate; all pass.');
    expect(diff.verdict).toBe('edited');
    expect(diff.chunks.filter((chunk) => chunk.change !== 'kept')).toEqual([
      { text: '4', change: 'removed' },
      { text: '6', change: 'added' },
      { text: ' and formatDate', change: 'added' },
    ]);
    expect(
      diff.chunks
        .filter((chunk) => chunk.change !== 'removed')
        .map((chunk) => chunk.text)
        .join(''),
    ).toBe('Added 6 tests for parseDate and formatDate; all pass.');
    expect(outputDiffLine(diff, 'A')).toBe('A’s answer with 3 words added and 1 word removed.');
  });

  it('shows another answer whole rather than interleaving its words with the baseline’s', () => {
    const diff = outputDiff('The month is off by one in parseDate.', 'I could not find src/date.ts in the workspace, so nothing was written.');
    expect(diff.verdict).toBe('different');
    expect(diff.chunks).toEqual([{ text: 'I could not find src/date.ts in the workspace, so nothing was written.', change: 'kept' }]);
    expect(outputDiffLine(diff, 'B')).toBe('A different answer from B’s (it keeps fewer than half the words).');
  });

  it('reads two short answers that share a few words as two answers, not an edit', () => {
    const diff = outputDiff(
      'Nothing in my context mentions “release tag”.',
      'From my context (the user message at position 3 of 14): “The release tag is v2.14.3 — remember it.”',
    );
    expect(diff.verdict).toBe('different');
  });
});
