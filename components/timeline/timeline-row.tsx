'use client';

import { memo } from 'react';
import { FoldedText } from '@/components/folded-text/folded-text';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import type { MessageClassification, ParentDisposition, ToolPairLinks, TranscriptMessage } from '@/lib/fork';
import { kindLabel } from '@/lib/view/kind-labels';
import { previewText } from '@/lib/view/message-preview';
import { MessageEditor } from './message-editor';
import { pairJumps } from './pair-jumps';
import { PairLink } from './pair-link';
import styles from './timeline.module.css';

/** A row shows the start of a message: the timeline is for finding one, the preview for reading it. */
const ROW_FOLD = { characters: 280, lines: 8 };

export interface TimelineRowProps {
  index: number;
  entry: TranscriptMessage;
  classification: MessageClassification | undefined;
  disposition: ParentDisposition | undefined;
  tokens: number | undefined;
  calls: ToolPairLinks['calls'] extends Map<number, infer T> ? T | undefined : never;
  results: ToolPairLinks['results'] extends Map<number, infer T> ? T | undefined : never;
  windowBoundary: string | null;
  forkPointHere: boolean;
  cursor: boolean;
  /** Not in the parent yet: the Agent call Fork Lab writes at launch. */
  pending: boolean;
  canStartWindow: boolean;
  editing: boolean;
  onStartWindow(index: number): void;
  onForkAfter(index: number): void;
  onJump(index: number): void;
  onEdit(index: number | null): void;
  onDelete(index: number): void;
}

function reasonText(disposition: ParentDisposition | undefined): string {
  if (disposition === undefined) return 'not planned';
  const status = disposition.status === 'inherited' ? 'inherited' : 'excluded';
  return disposition.reason === 'in-window' ? status : `${status} · ${disposition.reason.replaceAll('-', ' ')}`;
}

/**
 * Rows redraw only when what they show changed. A disposition is looked up fresh for every row on
 * every timeline render, so it is compared by its fields: by identity, every row of the screen
 * would redraw on every window change.
 */
export function sameRow(before: TimelineRowProps, after: TimelineRowProps): boolean {
  for (const key of Object.keys(after) as (keyof TimelineRowProps)[]) {
    if (key === 'disposition') continue;
    if (!Object.is(before[key], after[key])) return false;
  }
  const [was, is] = [before.disposition, after.disposition];
  return was === is || (was !== undefined && is !== undefined && was.status === is.status && was.reason === is.reason && was.detail === is.detail);
}

/** One parent message on the timeline: what it is, what it says, and what the fork does with it. */
export const TimelineRow = memo(function TimelineRow(props: TimelineRowProps) {
  const { index, entry, classification, disposition, tokens, calls, results, cursor, canStartWindow, editing } = props;
  const text = previewText(entry.message);
  const status = disposition?.status ?? 'excluded';
  // A prompt the window does not count (curation merged it into a skipped prefix) has no number to start at.
  const isTurn = classification?.kind === 'real-user-turn' && classification.turnFromEnd !== undefined;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualised row sits among absolutely positioned spacers, so the list cannot be a <ul> of <li>
    <div
      className={`${styles.row} ${status === 'inherited' ? styles.inherited : styles.excluded} ${cursor ? styles.cursor : ''} ${props.pending ? styles.pending : ''}`}
      data-pending={props.pending || undefined}
      data-testid="timeline-row"
      data-index={index}
      data-id={entry.id}
      data-kind={classification?.kind}
      data-turn={classification?.turnFromEnd}
      data-status={status}
      data-reason={disposition?.reason}
      aria-current={cursor ? 'step' : undefined}
      role="listitem"
    >
      {props.forkPointHere && (
        // biome-ignore lint/a11y/useSemanticElements: the marker carries words, which an <hr> cannot
        <div className={styles.forkPoint} data-testid="fork-point-marker" role="separator">
          fork point · the parent as it stood before this message
        </div>
      )}
      {props.pending && (
        <div className={styles.pendingNote} data-testid="pending-call">
          written at launch · no Agent call is in flight, so Fork Lab writes the parent’s call as the runtime’s model would
        </div>
      )}
      {props.windowBoundary !== null && (
        // biome-ignore lint/a11y/useSemanticElements: the marker carries words, which an <hr> cannot
        <div className={styles.boundary} data-testid="window-boundary" role="separator">
          window starts here · {props.windowBoundary}
        </div>
      )}
      <div className={styles.head}>
        <span className={styles.index}>#{index}</span>
        <span className={styles.role}>{entry.message.role}</span>
        {isTurn && canStartWindow ? (
          <button
            type="button"
            className={`${styles.badge} ${styles.turnBadge}`}
            data-testid="kind-badge"
            onClick={() => props.onStartWindow(index)}
            title="Start the fork window at this turn"
            aria-label={`Start the fork window at user turn ${classification?.turnFromEnd}`}
          >
            {kindLabel(classification!)}
          </button>
        ) : (
          <span
            className={`${styles.badge} ${styles[`kind-${classification?.kind ?? 'other'}`] ?? ''}`}
            data-testid="kind-badge"
            title={classification?.uncounted}
          >
            {classification === undefined ? '…' : kindLabel(classification)}
          </span>
        )}
        {pairJumps(calls, results).map((jump) => (
          <PairLink key={jump.key} jump={jump} onJump={props.onJump} />
        ))}
        <span className={styles.tokens} data-testid="row-tokens" title="o200k_base tokens">
          {tokens === undefined ? '' : `${tokens.toLocaleString('en-US')} tok`}
        </span>
        <span className={styles.disposition} title={disposition?.detail} data-testid="row-disposition">
          {reasonText(disposition)}
        </span>
      </div>
      {editing ? (
        <MessageEditor index={index} message={entry.message} onDone={() => props.onEdit(null)} />
      ) : (
        <FoldedText text={text} limits={ROW_FOLD} className={styles.body} data-testid="row-text" />
      )}
      {classification?.note !== undefined && <p className={styles.note}>{classification.note}</p>}
      {disposition !== undefined && disposition.status === 'excluded' && disposition.reason !== 'before-window' && (
        <p className={styles.why}>{disposition.detail}</p>
      )}
      {!props.pending && (
        <div className={styles.actions}>
          <Button variant="link" onClick={() => props.onForkAfter(index)} data-testid="fork-after">
            Fork after this
          </Button>
          <Button variant="link" onClick={() => props.onEdit(editing ? null : index)} data-testid="edit-message">
            {editing ? 'Cancel edit' : 'Edit'}
          </Button>
          <ConfirmButton confirmLabel="Delete this message" onConfirm={() => props.onDelete(index)} testId="delete-message">
            Delete
          </ConfirmButton>
        </div>
      )}
    </div>
  );
}, sameRow);
