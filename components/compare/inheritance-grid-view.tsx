'use client';

import { type CSSProperties, memo, useMemo } from 'react';
import { VirtualList } from '@/components/virtual-list/virtual-list';
import type { GridRow, InheritanceGrid } from '@/lib/compare/inheritance-grid';
import type { MessageClassification, TranscriptMessage } from '@/lib/fork';
import { kindLabel } from '@/lib/view/kind-labels';
import { previewText } from '@/lib/view/message-preview';
import styles from './compare.module.css';

const PREVIEW_CHARS = 160;
/** Rows are one clipped line: a fixed height lets the list skip measuring them. */
const ROW_HEIGHT = 30;

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line;
}

function reasonWords(reason: string): string {
  return reason.replaceAll('-', ' ');
}

interface GridRowViewProps {
  row: GridRow;
  letters: readonly string[];
  messages: readonly TranscriptMessage[];
  classifications: readonly MessageClassification[];
}

/** One row: a parent message and what each variant does with it, or a message some children add. */
const GridRowView = memo(function GridRowView({ row, letters, messages, classifications }: GridRowViewProps) {
  if (row.kind === 'parent') {
    const entry = messages[row.index]!;
    const classification = classifications[row.index];
    const text = previewText(entry.message);
    return (
      <div
        className={`${styles.gridRow} ${row.differs ? styles.differs : ''}`}
        data-testid="grid-row"
        data-kind="parent"
        data-index={row.index}
        data-differs={row.differs || undefined}
      >
        <span className={styles.gridPlace}>#{row.index}</span>
        <span className={styles.gridMessage} title={text.slice(0, 2_000)}>
          <span className={styles.badge}>{classification === undefined ? entry.message.role : kindLabel(classification)}</span> {oneLine(text)}
        </span>
        {row.cells.map((cell, k) => (
          <span
            key={letters[k]}
            className={`${styles.cell} ${cell?.status === 'inherited' ? styles.inherited : styles.excluded}`}
            data-testid="grid-cell"
            data-status={cell?.status}
            data-reason={cell?.reason}
            title={cell?.detail}
          >
            <span aria-hidden="true">{cell?.status === 'inherited' ? '✓ ' : '– '}</span>
            {cell === null
              ? 'not planned'
              : `${cell.status === 'inherited' ? 'inherited' : 'excluded'}${cell.reason === 'in-window' ? '' : ` · ${reasonWords(cell.reason)}`}`}
          </span>
        ))}
      </div>
    );
  }
  const text = previewText(row.message.message);
  return (
    <div
      className={`${styles.gridRow} ${styles.addedRow} ${row.differs ? styles.differs : ''}`}
      data-testid="grid-row"
      data-kind="added"
      data-after={row.afterIndex}
      data-rule={row.rule}
      data-differs={row.differs || undefined}
    >
      <span className={styles.gridPlace} title={`added after parent message #${row.afterIndex}`}>
        +
      </span>
      <span className={styles.gridMessage} title={text.slice(0, 2_000)}>
        <span className={`${styles.badge} ${styles.syntheticBadge}`}>{reasonWords(row.rule)}</span> {oneLine(text)}
      </span>
      {row.present.map((present, k) => (
        <span key={letters[k]} className={`${styles.cell} ${present ? styles.synthetic : styles.absent}`} data-testid="grid-cell" data-present={present}>
          {present ? `added · ${row.message.message.role}` : ''}
        </span>
      ))}
    </div>
  );
});

export interface InheritanceGridViewProps {
  grid: InheritanceGrid;
  letters: readonly string[];
  onlyDiffering: boolean;
  /** Only these rows (positions in the grid), when a pattern of disagreement is picked. */
  onlyRows?: ReadonlySet<number> | null;
  messages: readonly TranscriptMessage[];
  classifications: readonly MessageClassification[];
}

/** The grid: every parent message down, every variant across, virtualised so 10,000 rows scroll. */
export function InheritanceGridView({ grid, letters, onlyDiffering, onlyRows = null, messages, classifications }: InheritanceGridViewProps) {
  const rows = useMemo(
    () => (onlyRows !== null ? grid.rows.filter((_, position) => onlyRows.has(position)) : onlyDiffering ? grid.rows.filter((row) => row.differs) : grid.rows),
    [grid, onlyDiffering, onlyRows],
  );
  // Every row lays its cells out on the same columns: one for the place, one for the message, one per variant.
  const columns = { '--grid-columns': `4.5rem minmax(14rem, 2fr) repeat(${letters.length}, minmax(8rem, 1fr))` } as CSSProperties;
  return (
    <div className={styles.grid} style={columns} data-testid="inheritance-grid">
      <div className={`${styles.gridRow} ${styles.gridHead}`}>
        <span>#</span>
        <span>parent message</span>
        {letters.map((letter) => (
          <span key={letter}>{letter}</span>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className={styles.muted} data-testid="grid-empty">
          The variants treat every message alike.
        </p>
      ) : (
        <VirtualList
          count={rows.length}
          estimatedHeight={ROW_HEIGHT}
          fixedHeight
          itemKey={(index) => {
            const row = rows[index]!;
            return row.kind === 'parent' ? `p${row.index}` : `a${row.afterIndex}-${row.rule}-${index}`;
          }}
          renderItem={(index) => <GridRowView row={rows[index]!} letters={letters} messages={messages} classifications={classifications} />}
          className={styles.gridScroller}
          tabIndex={0}
          aria-label="Inheritance grid"
          data-testid="grid-scroller"
        />
      )}
    </div>
  );
}
