import { VisibleText } from '@/components/visible-text/visible-text';
import type { TextChunk } from '@/lib/text-diff/word-diff';
import styles from './text-diff.module.css';

/** A word diff's runs: kept ones plain, added ones as <ins>, removed ones as <del>. */
export function ChunkSpans({ chunks }: { chunks: readonly TextChunk[] }) {
  return chunks.map((chunk, index) =>
    chunk.change === 'kept' ? (
      <span key={index}>
        <VisibleText text={chunk.text} />
      </span>
    ) : chunk.change === 'added' ? (
      <ins key={index}>
        <VisibleText text={chunk.text} />
      </ins>
    ) : (
      <del key={index}>
        <VisibleText text={chunk.text} />
      </del>
    ),
  );
}

/** A word diff as preformatted text. */
export function TextChunks({ chunks, testId }: { chunks: readonly TextChunk[]; testId?: string }) {
  return (
    <pre className={styles.diff} data-testid={testId}>
      <ChunkSpans chunks={chunks} />
    </pre>
  );
}
