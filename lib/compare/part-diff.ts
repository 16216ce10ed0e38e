import { type ChangeObject, diffWordsWithSpace } from 'diff';
import type { ModelMessage } from '@/lib/fork';
import { previewParts } from '@/lib/view/message-preview';

/** A run of text in a part diff: kept, or only on one side. */
export interface TextChunk {
  text: string;
  change: 'kept' | 'removed' | 'added';
}

/** One part of a changed message, against the part at the same place on the other side. */
export interface PartDiff {
  index: number;
  status: 'same' | 'changed' | 'removed' | 'added';
  chunks: TextChunk[];
  /** The texts read the same but a field beside the text differs (provider options, a tool call id). */
  fieldsOnly?: true;
}

/**
 * Past this many edits a word diff of one part is no longer read as a diff; the part is shown as
 * replaced, which also keeps the diff's cost bounded on very long, very different texts.
 */
export const MAX_EDITS_PER_PART = 500;

/**
 * Two texts that keep less than a third of the shorter one's words are different texts, not an
 * edit of one: a word diff of them interleaves unrelated words into something nobody can read, so
 * they are shown whole, one after the other.
 */
export function unrelated(changes: readonly { value: string; added?: boolean; removed?: boolean }[]): boolean {
  const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;
  let kept = 0;
  let before = 0;
  let after = 0;
  for (const change of changes) {
    const count = words(change.value);
    if (change.added) after += count;
    else if (change.removed) before += count;
    else kept += count;
  }
  const shorter = Math.min(before, after) + kept;
  return shorter > 0 && kept < shorter / 3;
}

/** jsdiff's changes as the chunks every diff view draws. */
export function chunksOf(changes: readonly ChangeObject<string>[]): TextChunk[] {
  return changes.map((change) => ({ text: change.value, change: change.added ? 'added' : change.removed ? 'removed' : 'kept' }));
}

function partsJson(message: ModelMessage): string[] {
  return typeof message.content === 'string' ? [JSON.stringify(message.content)] : message.content.map((part) => JSON.stringify(part));
}

/**
 * Two versions of a message, part by part: a word diff of each part's readable text (the same text
 * the timeline shows), parts matched by their place in the message.
 */
export function partDiff(left: ModelMessage, right: ModelMessage): PartDiff[] {
  const leftTexts = previewParts(left);
  const rightTexts = previewParts(right);
  const leftJson = partsJson(left);
  const rightJson = partsJson(right);
  const parts: PartDiff[] = [];
  for (let index = 0; index < Math.max(leftTexts.length, rightTexts.length); index += 1) {
    const before = leftTexts[index];
    const after = rightTexts[index];
    if (after === undefined) {
      parts.push({ index, status: 'removed', chunks: [{ text: before!, change: 'removed' }] });
    } else if (before === undefined) {
      parts.push({ index, status: 'added', chunks: [{ text: after, change: 'added' }] });
    } else if (leftJson[index] === rightJson[index] && left.role === right.role) {
      parts.push({ index, status: 'same', chunks: [{ text: after, change: 'kept' }] });
    } else if (before === after) {
      parts.push({ index, status: 'changed', chunks: [{ text: after, change: 'kept' }], fieldsOnly: true });
    } else {
      const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDITS_PER_PART });
      const chunks: TextChunk[] =
        changes === undefined
          ? [
              { text: before, change: 'removed' },
              { text: after, change: 'added' },
            ]
          : chunksOf(changes);
      parts.push({ index, status: 'changed', chunks });
    }
  }
  return parts;
}
