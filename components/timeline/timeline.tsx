import type { MessageClassification, ParentDisposition, TranscriptMessage } from '@/lib/fork';
import { kindLabel } from '@/lib/view/kind-labels';
import { previewText } from '@/lib/view/message-preview';
import styles from './timeline.module.css';

const FOLD_AT = 320;

export interface TimelineProps {
  messages: readonly TranscriptMessage[];
  classifications: readonly MessageClassification[];
  dispositions: readonly ParentDisposition[];
  /** Parent index where the inherited window starts (after a kept startup block), if any. */
  windowStart: number | null;
}

/** The parent conversation, one row per message, with what the fork does to each. */
export function Timeline({ messages, classifications, dispositions, windowStart }: TimelineProps) {
  return (
    <ol className={styles.timeline} data-testid="timeline" aria-label="Parent conversation">
      {messages.map((entry, index) => {
        const classification = classifications[index]!;
        const disposition = dispositions[index];
        const text = previewText(entry.message);
        const status = disposition?.status ?? 'excluded';
        return (
          <li
            key={entry.id}
            className={`${styles.row} ${status === 'inherited' ? styles.inherited : styles.excluded}`}
            data-testid="timeline-row"
            data-index={index}
            data-id={entry.id}
            data-kind={classification.kind}
            data-status={status}
            data-reason={disposition?.reason}
          >
            {index === windowStart && (
              <div className={styles.boundary} data-testid="window-boundary" role="separator">
                window starts here
              </div>
            )}
            <div className={styles.head}>
              <span className={styles.index}>#{index}</span>
              <span className={styles.role}>{entry.message.role}</span>
              <span className={`${styles.badge} ${styles[`kind-${classification.kind}`] ?? ''}`} data-testid="kind-badge">
                {kindLabel(classification)}
              </span>
              <span className={styles.disposition} title={disposition?.detail}>
                {status === 'inherited' ? 'inherited' : 'excluded'}
                {disposition && disposition.reason !== 'in-window' ? ` · ${disposition.reason.replaceAll('-', ' ')}` : ''}
              </span>
            </div>
            {text.length > FOLD_AT ? (
              <details className={styles.body}>
                <summary>{text.slice(0, FOLD_AT)}…</summary>
                <pre>{text}</pre>
              </details>
            ) : (
              <pre className={styles.body}>{text}</pre>
            )}
            {classification.note !== undefined && <p className={styles.note}>{classification.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
