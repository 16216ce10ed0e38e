'use client';

import { memo } from 'react';
import { type StripColumn, type StripTone, stripColumnLine } from '@/lib/view/inheritance-strip';
import styles from './inheritance-strip.module.css';

/** A parent row worth a tick on the parent's strip. */
export interface StripMark {
  index: number;
  kind: 'turn' | 'compaction';
}

export interface StripEntry {
  key: string;
  /** The column's name: a variant's letter, a child's name. */
  label: string;
  /** Who the column is, in a few words (its runtime), after its label in the words under the picture. */
  caption?: string;
  /** Null when there is no child to draw: the runtime refused the call, or it is not a fork. */
  column: StripColumn | null;
  /** Why there is no column, or a note on it (forked from an earlier parent). */
  note?: string;
}

export interface InheritanceStripProps {
  parentLength: number;
  marks: readonly StripMark[];
  entries: readonly StripEntry[];
}

const TONE_WORDS: Record<StripTone, string> = {
  inherited: 'inherited',
  merged: 'merged',
  repaired: 'repaired',
  dropped: 'dropped',
  outside: 'outside the window',
};

const LEGEND: [string, string][] = [
  ['inherited', 'inherited'],
  ['merged', 'merged'],
  ['repaired', 'repaired (sealed, redacted)'],
  ['dropped', 'dropped by a rule'],
  ['outside', 'outside the window'],
  ['added', 'added by the runtime'],
  ['band', 'cache reuses'],
  ['bandOff', 'repeated, cache reads none'],
];

const COLUMN_WIDTH = 44;
const PARENT_WIDTH = 18;
// Rows are drawn at most this tall, and the strip at least and at most this high.
const ROW_PX = 16;
const MIN_HEIGHT = 144;
const MAX_HEIGHT = 320;
// A run of one row on a 70,000-row parent is still a visible line.
const MIN_SEGMENT_PX = 1.5;

function stripHeight(parentLength: number): number {
  return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, parentLength * ROW_PX));
}

function rows(start: number, end: number): string {
  return end - start === 1 ? `#${start}` : `#${start}–#${end - 1}`;
}

/** The parent's rows as one strip, a tick at each real user turn (one per pixel, so 70,000 rows draw a few hundred). */
const ParentColumn = memo(function ParentColumn({ parentLength, marks, height }: { parentLength: number; marks: readonly StripMark[]; height: number }) {
  const scale = height / Math.max(1, parentLength);
  const drawn = new Set<string>();
  const ticks: { y: number; kind: StripMark['kind']; index: number }[] = [];
  for (const mark of marks) {
    const y = Math.floor(mark.index * scale);
    const key = `${mark.kind}:${y}`;
    if (drawn.has(key)) continue;
    drawn.add(key);
    ticks.push({ y, kind: mark.kind, index: mark.index });
  }
  return (
    <svg width={PARENT_WIDTH} height={height} className={styles.svg} aria-hidden="true">
      <rect x={4} y={0} width={PARENT_WIDTH - 8} height={height} className={styles.parentRows} />
      {ticks.map((tick) => (
        <rect
          key={`${tick.kind}${tick.y}`}
          x={0}
          y={tick.y}
          width={PARENT_WIDTH}
          height={1.5}
          className={tick.kind === 'turn' ? styles.turnTick : styles.compactionTick}
        >
          <title>{tick.kind === 'turn' ? `#${tick.index}: a real user turn starts` : `#${tick.index}: a compaction summary`}</title>
        </rect>
      ))}
    </svg>
  );
});

/** One child: its rows coloured by tone, its window bracketed, the runtime's additions marked, the cache's prefix as a band. */
const ChildColumn = memo(function ChildColumn({ column, parentLength, height }: { column: StripColumn; parentLength: number; height: number }) {
  const scale = height / Math.max(1, parentLength);
  const { band, bracket } = column;
  return (
    <svg width={COLUMN_WIDTH} height={height} className={styles.svg} aria-hidden="true">
      {band !== null && (
        <rect x={0} y={0} width={5} height={Math.max(MIN_SEGMENT_PX, band.rows * scale)} className={band.reusable ? styles.band : styles.bandOff}>
          <title>
            {band.reusable
              ? `${rows(0, band.rows)}: a prompt cache reuses this prefix`
              : `${rows(0, band.rows)}: repeated, but a cache reads none: ${band.why}`}
          </title>
        </rect>
      )}
      {column.segments.map((segment) => (
        <rect
          key={segment.start}
          x={8}
          y={segment.start * scale}
          width={COLUMN_WIDTH - 20}
          height={Math.max(MIN_SEGMENT_PX, (segment.end - segment.start) * scale)}
          className={styles[segment.tone]}
          data-tone={segment.tone}
        >
          <title>{`${rows(segment.start, segment.end)} ${TONE_WORDS[segment.tone]}: ${segment.detail}`}</title>
        </rect>
      ))}
      {bracket !== null && (
        <path
          d={`M ${COLUMN_WIDTH - 9} ${bracket.start * scale + 0.75} h 4 V ${Math.max(bracket.start * scale + 2, bracket.end * scale) - 0.75} h -4`}
          className={styles.bracket}
        />
      )}
      {column.additions.map((addition) => {
        const y = Math.min(height - 3, (addition.after + 1) * scale);
        return (
          <path key={addition.after} d={`M ${COLUMN_WIDTH} ${y - 4} L ${COLUMN_WIDTH - 6} ${y} L ${COLUMN_WIDTH} ${y + 4} Z`} className={styles.added}>
            <title>{`after ${addition.after < 0 ? 'the start' : `#${addition.after}`}, the runtime adds: ${addition.rules.join(', ')}`}</title>
          </path>
        );
      })}
    </svg>
  );
});

/**
 * What each child inherits, in a second: the parent as one strip of rows, each child's window as a
 * bracket beside it, coloured by what happened to each row, and the prefix a cache shares as a band.
 */
export function InheritanceStrip({ parentLength, marks, entries }: InheritanceStripProps) {
  const height = stripHeight(parentLength);
  return (
    <div className={styles.frame}>
      <figure className={styles.figure} data-testid="inheritance-strip">
        <div className={styles.scroller}>
          <div className={styles.columns}>
            <div className={styles.axis} aria-hidden="true" style={{ height }}>
              <span>#0</span>
              <span>#{Math.max(0, parentLength - 1).toLocaleString('en-US')}</span>
            </div>
            <div className={styles.column}>
              <span className={styles.label}>parent</span>
              <ParentColumn parentLength={parentLength} marks={marks} height={height} />
            </div>
            {entries.map((entry) => (
              <div key={entry.key} className={styles.column} data-testid="strip-column" data-label={entry.label}>
                <span className={styles.label} title={entry.label}>
                  {entry.label}
                </span>
                {entry.column === null ? (
                  <div className={styles.empty} style={{ height }} title={entry.note}>
                    no child
                  </div>
                ) : (
                  <ChildColumn column={entry.column} parentLength={parentLength} height={height} />
                )}
              </div>
            ))}
          </div>
        </div>
        <figcaption className={styles.caption}>
          <ul className={styles.legend} aria-label="Legend">
            {LEGEND.map(([key, words]) => (
              <li key={key}>
                <span className={`${styles.swatch} ${styles[key]}`} aria-hidden="true" />
                {words}
              </li>
            ))}
          </ul>
          <ul className={styles.lines}>
            {entries.map((entry) => (
              <li key={entry.key} data-testid="strip-line" data-label={entry.label}>
                <strong>{entry.label}</strong>
                {entry.caption !== undefined && <span className={styles.note}> ({entry.caption})</span>}:{' '}
                {entry.column === null ? (entry.note ?? 'no child') : stripColumnLine(entry.column)}
                {entry.column !== null && entry.note !== undefined && <span className={styles.note}> ({entry.note})</span>}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
    </div>
  );
}
