import type { ModelMessage } from '@/lib/fork';
import { type TextChunk, wordDiff } from '@/lib/text-diff/word-diff';
import { previewParts } from '@/lib/view/message-preview';

/** One part of a changed message, against the part at the same place on the other side. */
export interface PartDiff {
  index: number;
  status: 'same' | 'changed' | 'removed' | 'added';
  chunks: TextChunk[];
  /** The texts read the same but a field beside the text differs (provider options, a tool call id). */
  fieldsOnly?: true;
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
      const { chunks } = wordDiff(before, after);
      parts.push({ index, status: 'changed', chunks });
    }
  }
  return parts;
}
