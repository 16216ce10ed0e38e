import { Fragment } from 'react';
import { visibleSegments } from '@/lib/view/invisible-characters';
import styles from './visible-text.module.css';

/**
 * Text as a model receives it, with every invisible character shown as a mark where it stands. The
 * character itself stays in the page (copying the text copies it exactly), isolated so a
 * bidirectional control cannot reorder what follows it.
 */
export function VisibleText({ text }: { text: string }) {
  const segments = visibleSegments(text);
  if (segments.length === 1 && segments[0]!.kind === 'text') return text;
  return segments.map((segment, index) =>
    segment.kind === 'text' ? (
      <Fragment key={index}>{segment.text}</Fragment>
    ) : (
      <span
        key={index}
        className={styles.invisible}
        data-mark={segment.mark}
        data-testid="invisible-character"
        title={`${segment.codepoint} (${segment.mark}): an invisible character, shown here, not applied`}
      >
        {segment.char}
      </span>
    ),
  );
}
