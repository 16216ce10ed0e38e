'use client';

import { type CSSProperties, memo, useCallback, useMemo, useState } from 'react';
import { VirtualList } from '@/components/virtual-list/virtual-list';
import type { Disagreements } from '@/lib/compare/disagreements';
import { foldGrid, type GridFold } from '@/lib/compare/grid-folds';
import type { GridRow, InheritanceGrid } from '@/lib/compare/inheritance-grid';
import type { MessageClassification, TranscriptMessage } from '@/lib/fork';
import { kindLabel } from '@/lib/view/kind-labels';
import { previewText } from '@/lib/view/message-preview';
import compareStyles from './compare.module.css';
import styles from './inheritance-grid.module.css';

const PREVIEW_CHARS = 160;
const NONE_OPEN: ReadonlySet<number> = new Set();
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
        <span className={compareStyles.gridPlace}>#{row.index}</span>
        <span className={styles.gridMessage} title={text.slice(0, 2_000)}>
          <span className={compareStyles.badge}>{classification === undefined ? entry.message.role : kindLabel(classification)}</span> {oneLine(text)}
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
      <span className={compareStyles.gridPlace} title={`added after parent message #${row.afterIndex}`}>
        +
      </span>
      <span className={styles.gridMessage} title={text.slice(0, 2_000)}>
        <span className={`${compareStyles.badge} ${styles.syntheticBadge}`}>{reasonWords(row.rule)}</span> {oneLine(text)}
      </span>
      {row.present.map((present, k) => (
        <span key={letters[k]} className={`${styles.cell} ${present ? styles.synthetic : styles.absent}`} data-testid="grid-cell" data-present={present}>
          {present ? `added · ${row.message.message.role}` : ''}
        </span>
      ))}
    </div>
  );
});

/** What one variant does with every row of a fold: the same thing, by the fold's pattern. */
function foldCell(fold: GridFold, variant: number, row: GridRow): { text: string; className: string } {
  if (fold.pattern === null) return { text: 'alike', className: styles.absent! };
  const mark = fold.pattern.key.slice(fold.pattern.key.indexOf(':') + 1)[variant];
  if (mark === '.') return { text: 'not planned', className: styles.excluded! };
  if (row.kind === 'added') return mark === '+' ? { text: `added ×${fold.count}`, className: styles.synthetic! } : { text: '', className: styles.absent! };
  return mark === '+'
    ? { text: `✓ inherited ×${fold.count}`, className: styles.inherited! }
    : { text: `– left out ×${fold.count}`, className: styles.excluded! };
}

/** A run of rows that follow one pattern, as one line that opens to show them (and folds them again). */
const FoldRowView = memo(function FoldRowView({
  fold,
  row,
  letters,
  onToggle,
}: {
  fold: GridFold;
  row: GridRow;
  letters: readonly string[];
  onToggle(first: number): void;
}) {
  return (
    <div
      className={`${styles.gridRow} ${styles.foldRow} ${fold.pattern === null ? '' : styles.differs}`}
      data-testid="grid-fold"
      data-first={fold.first}
      data-open={fold.open || undefined}
    >
      <span className={compareStyles.gridPlace}>{fold.count} rows</span>
      <button type="button" className={styles.foldButton} aria-expanded={fold.open} onClick={() => onToggle(fold.first)} data-testid="grid-fold-toggle">
        <span aria-hidden="true">{fold.open ? '▾ ' : '▸ '}</span>
        {fold.line}
      </button>
      {letters.map((letter, k) => {
        const cell = foldCell(fold, k, row);
        return (
          <span key={letter} className={`${styles.cell} ${cell.className}`} data-testid="grid-fold-cell">
            {cell.text}
          </span>
        );
      })}
    </div>
  );
});

export interface InheritanceGridViewProps {
  grid: InheritanceGrid;
  /** How the variants disagree, row by row: runs of one pattern fold to one line. */
  found: Disagreements;
  letters: readonly string[];
  onlyDiffering: boolean;
  /** Only these rows (positions in the grid), when a pattern of disagreement is picked. */
  onlyRows?: ReadonlySet<number> | null;
  messages: readonly TranscriptMessage[];
  classifications: readonly MessageClassification[];
}

/** The grid: every parent message down, every variant across, virtualised so 10,000 rows scroll. */
export function InheritanceGridView({ grid, found, letters, onlyDiffering, onlyRows = null, messages, classifications }: InheritanceGridViewProps) {
  // The folds a person opened, by their first row, for the grid they were opened on.
  const [opened, setOpened] = useState<{ grid: InheritanceGrid; firsts: ReadonlySet<number> }>({ grid, firsts: new Set() });
  const firsts = opened.grid === grid ? opened.firsts : NONE_OPEN;
  const items = useMemo(() => {
    const shown: number[] = [];
    grid.rows.forEach((row, position) => {
      if (onlyRows !== null ? onlyRows.has(position) : !onlyDiffering || row.differs) shown.push(position);
    });
    return foldGrid(grid.rows, shown, found.patternOfRow, firsts);
  }, [grid, found, onlyDiffering, onlyRows, firsts]);
  const toggle = useCallback(
    (first: number) =>
      setOpened((current) => {
        const next = new Set(current.grid === grid ? current.firsts : NONE_OPEN);
        if (!next.delete(first)) next.add(first);
        return { grid, firsts: next };
      }),
    [grid],
  );
  const itemKey = useCallback(
    (index: number) => {
      const item = items[index]!;
      if (item.kind === 'fold') return `f${item.first}`;
      const row = grid.rows[item.position]!;
      return row.kind === 'parent' ? `p${row.index}` : `a${row.afterIndex}-${row.rule}-${item.position}`;
    },
    [items, grid],
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
      {items.length === 0 ? (
        <p className={compareStyles.muted} data-testid="grid-empty">
          The variants treat every message alike.
        </p>
      ) : (
        <VirtualList
          count={items.length}
          estimatedHeight={ROW_HEIGHT}
          fixedHeight
          itemKey={itemKey}
          renderItem={(index) => {
            const item = items[index]!;
            return item.kind === 'fold' ? (
              <FoldRowView fold={item} row={grid.rows[item.first]!} letters={letters} onToggle={toggle} />
            ) : (
              <GridRowView row={grid.rows[item.position]!} letters={letters} messages={messages} classifications={classifications} />
            );
          }}
          className={styles.gridScroller}
          fitHeight
          tabIndex={0}
          aria-label="Inheritance grid"
          data-testid="grid-scroller"
        />
      )}
    </div>
  );
}
