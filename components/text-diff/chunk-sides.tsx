import type { TextChunk } from '@/lib/text-diff/word-diff';
import { ChunkSpans } from './text-chunks';
import styles from './text-diff.module.css';

/** A word diff's two sides: what stood before (kept and removed) and what stands after (kept and added). */
export function sidesOf(chunks: readonly TextChunk[]): [TextChunk[], TextChunk[]] {
  return [chunks.filter((chunk) => chunk.change !== 'added'), chunks.filter((chunk) => chunk.change !== 'removed')];
}

/**
 * Two texts side by side under their names, the left with what went struck and the right with what
 * came marked, so each side reads as itself and a change stands at the same place on both. A side
 * that is not there shows a dash.
 */
export function ChunkSides({
  left,
  right,
  labels,
  testId,
}: {
  left: readonly TextChunk[] | null;
  right: readonly TextChunk[] | null;
  labels: readonly [string, string];
  testId?: string;
}) {
  const side = (chunks: readonly TextChunk[] | null, label: string) => (
    <div className={styles.side}>
      <span className={styles.sideLabel}>{label}</span>
      <span className={styles.diff}>{chunks === null ? '—' : <ChunkSpans chunks={chunks} />}</span>
    </div>
  );
  return (
    <div className={styles.sides} data-testid={testId}>
      {side(left, labels[0])}
      {side(right, labels[1])}
    </div>
  );
}
