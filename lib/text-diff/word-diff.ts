import { diffWordsWithSpace } from 'diff';

/** A run of text in a word diff: kept, or only on one side. */
export interface TextChunk {
  text: string;
  change: 'kept' | 'removed' | 'added';
}

/** Two texts read word against word, with how much of them the diff kept. */
export interface WordDiff {
  /** The diff's runs when the texts are related; otherwise the first whole, then the second. */
  chunks: TextChunk[];
  /** False for two different texts rather than an edit of one (see `wordDiff`). */
  related: boolean;
  /** Words both texts have in the diff's alignment, and words only the first or only the second has. */
  kept: number;
  removed: number;
  added: number;
}

/**
 * Past this many edits a word diff is no longer read as a diff: the texts are shown whole, which
 * also bounds the diff's cost (jsdiff stops at the cap) on very long, very different texts.
 */
export const MAX_WORD_EDITS = 500;

/** Words as a reader counts them: runs between whitespace. */
export function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const space = /\s/.test(text[index]!);
    if (!space && !inWord) count += 1;
    inWord = !space;
  }
  return count;
}

/**
 * The one word diff every view draws (compare's parts and answers, the cache miss explainer, the
 * captures' planned-against-sent cells). Two texts that keep less than a third of the shorter one's
 * words are different texts, not an edit of one: a word diff of them interleaves unrelated words
 * into something nobody can read, so they come back whole, one after the other.
 */
export function wordDiff(before: string, after: string): WordDiff {
  if (before === after) return { chunks: [{ text: after, change: 'kept' }], related: true, kept: wordCount(after), removed: 0, added: 0 };
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS });
  const whole = (kept: number, removed: number, added: number): WordDiff => ({
    chunks: [
      { text: before, change: 'removed' },
      { text: after, change: 'added' },
    ],
    related: false,
    kept,
    removed,
    added,
  });
  if (changes === undefined) return whole(0, wordCount(before), wordCount(after));
  let kept = 0;
  let removed = 0;
  let added = 0;
  const chunks: TextChunk[] = [];
  for (const change of changes) {
    const count = wordCount(change.value);
    if (change.added) added += count;
    else if (change.removed) removed += count;
    else kept += count;
    chunks.push({ text: change.value, change: change.added ? 'added' : change.removed ? 'removed' : 'kept' });
  }
  const shorter = Math.min(removed, added) + kept;
  if (shorter > 0 && kept < shorter / 3) return whole(kept, removed, added);
  return { chunks, related: true, kept, removed, added };
}
