'use client';

import { ChunkSides, sidesOf } from '@/components/text-diff/chunk-sides';
import type { ForkFinding } from '@/lib/recording/fork-finding';
import { type WordDiff as TextsDiff, wordDiff } from '@/lib/text-diff/word-diff';
import styles from './captures.module.css';

/** Unchanged text longer than this is cut to its ends: the change is what the cell is for. */
const KEEP = 80;
/** A difference longer than this opens on request, its first change in the summary. */
const INLINE = 240;
/** Two unrelated texts are shown by their openings: a whole system prompt says no more than its first lines. */
const OPENING = 400;

function opening(text: string): string {
  return text.length <= OPENING ? text : `${text.slice(0, OPENING)}… (${(text.length - OPENING).toLocaleString('en-US')} more characters)`;
}

function clipped(text: string): string {
  return text.length <= KEEP ? text : `${text.slice(0, KEEP / 2)} … ${text.slice(-KEEP / 2)}`;
}

/**
 * The planned and the sent text with the changed words marked (the word diff every view draws),
 * the unchanged stretches between them cut short; two texts with little in common are shown one
 * above the other, each under its name, since a word diff of them says nothing.
 */
function WordDiff({ expected, actual, diff }: { expected: string; actual: string; diff: TextsDiff }) {
  return diff.related ? (
    <span className={styles.diff} data-testid="fork-difference-diff">
      {diff.chunks.map((chunk, index) =>
        chunk.change === 'added' ? (
          <ins key={index}>{chunk.text}</ins>
        ) : chunk.change === 'removed' ? (
          <del key={index}>{chunk.text}</del>
        ) : (
          <span key={index}>{clipped(chunk.text)}</span>
        ),
      )}
    </span>
  ) : (
    <span className={styles.diff} data-testid="fork-difference-apart">
      <span>
        planned: <del>{opening(expected)}</del>
      </span>
      <br />
      <span>
        sent: <ins>{opening(actual)}</ins>
      </span>
    </span>
  );
}

/**
 * One message as planned and as sent, side by side: the planned text with what the runtime left out
 * struck, beside the sent text with what it wrote otherwise marked, so each side reads as itself
 * and the change stands at the same place on both. A side the message is not on shows a dash.
 */
export function SideBySide({ planned, sent }: { planned: string | null; sent: string | null }) {
  const [left, right] =
    planned !== null && sent !== null
      ? sidesOf(wordDiff(planned, sent).chunks)
      : [planned === null ? null : [{ text: planned, change: 'kept' as const }], sent === null ? null : [{ text: sent, change: 'kept' as const }]];
  return <ChunkSides left={left} right={right} labels={['planned', 'sent']} testId="fork-item-sides" />;
}

/** Where the child the runtime sent parts from the plan: the path, then the two texts as a word diff. */
export function DifferenceCell({ difference }: { difference: NonNullable<ForkFinding['difference']> }) {
  const { at, expected, actual } = difference;
  const diff = wordDiff(expected, actual);
  const firstChange = diff.chunks.find((chunk) => chunk.change !== 'kept');
  const body = <WordDiff expected={expected} actual={actual} diff={diff} />;
  if (expected.length + actual.length <= INLINE) {
    return (
      <>
        <strong>{at}</strong>: {body}
      </>
    );
  }
  return (
    <details>
      <summary>
        <strong>{at}</strong>
        {firstChange === undefined ? null : (
          <span className={styles.muted}>
            {' '}
            — {firstChange.change === 'added' ? 'sent' : 'planned'} “{firstChange.text.trim().slice(0, 60)}
            {firstChange.text.trim().length > 60 ? '…' : ''}”
          </span>
        )}
      </summary>
      {body}
    </details>
  );
}
