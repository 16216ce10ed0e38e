'use client';

import type { MessageKind } from '@/lib/fork';
import { describePlaces, type FidelityAction, type FidelityReport } from '@/lib/import/fidelity-report';
import { formatBytes } from '@/lib/import/import-limits';
import { KIND_LABELS } from '@/lib/view/kind-labels';
import styles from './import.module.css';

const ACTION_LABELS: Record<FidelityAction, string> = {
  'not-stored': 'Not stored',
  dropped: 'Dropped',
  merged: 'Merged',
  guessed: 'Guessed',
  'kept-apart': 'Kept apart',
  flagged: 'Flagged',
};

/** How faithful an import is: what came in, and every place where it is not one to one. */
export function ImportReport({ report, fileName }: { report: FidelityReport; fileName: string | null }) {
  const { counts } = report;
  const kinds = Object.entries(counts.byKind).filter(([, count]) => (count ?? 0) > 0);
  return (
    <section className={styles.report} aria-label="Import report" data-testid="import-report">
      <h3>
        Imported {fileName === null ? '' : `“${fileName}” `}as {report.formatLabel}
        <span className={styles.muted}> · {report.formatChosenBy === 'person' ? 'format chosen by you' : 'format detected'}</span>
      </h3>
      <p data-testid="import-counts">
        {formatBytes(counts.sourceBytes)}, {counts.sourceRecords.toLocaleString('en-US')} record{counts.sourceRecords === 1 ? '' : 's'} →{' '}
        {counts.messages.toLocaleString('en-US')} messages ({counts.byRole.user} user, {counts.byRole.assistant} assistant, {counts.byRole.tool} tool
        {counts.byRole.system > 0 ? `, ${counts.byRole.system} system` : ''}) · {counts.realUserTurns} real user turn{counts.realUserTurns === 1 ? '' : 's'} ·{' '}
        {counts.toolCalls} tool call{counts.toolCalls === 1 ? '' : 's'}, {counts.toolResults} result{counts.toolResults === 1 ? '' : 's'} (each counted, several
        to a message) · {counts.turnEnds} turn end
        {counts.turnEnds === 1 ? '' : 's'}
      </p>
      <p className={styles.kinds} data-testid="import-kinds">
        <span className={styles.muted}>Messages by kind:</span>
        {kinds.map(([kind, count]) => (
          <span key={kind} className={styles.kind}>
            {KIND_LABELS[kind as MessageKind]}: {count}
          </span>
        ))}
      </p>
      {report.entries.length === 0 ? (
        <p data-testid="import-exact">Every record mapped one to one: nothing dropped, merged or guessed.</p>
      ) : (
        <ul className={styles.entries} data-testid="import-entries">
          {report.entries.map((entry) => (
            <li key={`${entry.action}:${entry.reason}`} data-action={entry.action}>
              <span className={styles.action} data-action={entry.action}>
                {ACTION_LABELS[entry.action]}
              </span>{' '}
              <span className={styles.places}>{describePlaces(entry)}</span>
              {describePlaces(entry) === '' ? '' : ': '}
              {entry.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
