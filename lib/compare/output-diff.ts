import { type TextChunk, wordCount, wordDiff } from '@/lib/text-diff/word-diff';

/** A child's final answer read against the baseline child's. */
export interface OutputDiff {
  /** The same text; an edit of it (a word diff reads); or another answer altogether. */
  verdict: 'same' | 'edited' | 'different';
  /** Words only this answer has, and words only the baseline's has. */
  added: number;
  removed: number;
  /** The word diff, baseline first; for another answer, the answer alone. */
  chunks: TextChunk[];
}

/**
 * One child's answer against the baseline child's, the way a reviewer reads two runs: the same,
 * the baseline's with words added and removed, or a different answer that a word diff would only
 * interleave. An answer is an edit of the baseline's when it keeps at least half the words of the
 * longer of the two: answers are short, and two that share "my context" and "release tag" are
 * still two answers ("Nothing in my context mentions the release tag" against "From my context:
 * the release tag is v2.14.3").
 */
export function outputDiff(baseline: string, output: string): OutputDiff {
  if (baseline === output) return { verdict: 'same', added: 0, removed: 0, chunks: [{ text: output, change: 'kept' }] };
  const diff = wordDiff(baseline, output);
  if (!diff.related || diff.kept < Math.max(wordCount(baseline), wordCount(output)) / 2) {
    return { verdict: 'different', added: wordCount(output), removed: wordCount(baseline), chunks: [{ text: output, change: 'kept' }] };
  }
  return { verdict: 'edited', added: diff.added, removed: diff.removed, chunks: diff.chunks };
}

/** The diff in a few words, beside the variant's answer: "7 words added, 2 removed against A". */
export function outputDiffLine(diff: OutputDiff, baseline: string): string {
  if (diff.verdict === 'same') return `The same answer as ${baseline}’s.`;
  if (diff.verdict === 'different') return `A different answer from ${baseline}’s (it keeps fewer than half the words).`;
  const plural = (count: number) => `${count} word${count === 1 ? '' : 's'}`;
  return `${baseline}’s answer with ${plural(diff.added)} added and ${plural(diff.removed)} removed.`;
}
