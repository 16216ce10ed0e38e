import type { CSSProperties } from 'react';
import { pairHue } from '@/lib/view/pair-hue';
import type { PairJump } from './pair-jumps';
import styles from './timeline.module.css';

/** A jump between a tool call and its result, in the pair's own hue so both ends match by eye. */
export function PairLink({ jump, onJump }: { jump: PairJump; onJump(index: number): void }) {
  const { target } = jump;
  return (
    <button
      type="button"
      className={styles.pair}
      style={{ '--pair-hue': pairHue(jump.toolCallId) } as CSSProperties}
      data-testid="pair-link"
      disabled={target === null}
      onClick={() => target !== null && onJump(target)}
      title={jump.title}
    >
      {jump.text}
    </button>
  );
}
