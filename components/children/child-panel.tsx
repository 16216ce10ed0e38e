'use client';

import { useMemo } from 'react';
import { ChildExports } from '@/components/export/child-exports';
import { FoldedText } from '@/components/folded-text/folded-text';
import { sourceLabel } from '@/components/preview/child-preview';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { keyByIndex, VirtualList } from '@/components/virtual-list/virtual-list';
import { shortHash } from '@/lib/json/content-hash';
import { describeRequest } from '@/lib/view/describe-request';
import { previewText } from '@/lib/view/message-preview';
import type { ChildRecord, ParentSession } from '@/lib/workspace/workspace';
import styles from './children.module.css';
import { RunControls } from './run-controls';
import { useContentHash } from './use-content-hash';

/**
 * One child: its request, an isolation check, the history it inherited (collapsible) and the
 * messages it has produced itself.
 */
export function ChildPanel({ child, session, onClose, onRemove }: { child: ChildRecord; session: ParentSession; onClose(): void; onRemove(): void }) {
  // Keyed on the plan, not the child: every streamed message makes a new child record, and a new
  // list here would hash a 10,000-message history again per message.
  const plan = child.plan;
  const inherited = useMemo(() => [...plan.child.initialMessages, plan.child.firstPrompt], [plan]);
  const parentNow = useContentHash(session.transcript);
  const inheritedNow = useContentHash(inherited);
  // The parent as forked, read out of the parent now: a parent that only grew (the runtime answered
  // the call, delivered the result, took more turns) still holds it unchanged.
  const forkedLength = child.forkedAt.messages;
  // Hashed again only when the parent grew: at its forked length, the parent's own hash already says it.
  const forkedPart = useMemo(
    () =>
      forkedLength === undefined || forkedLength >= session.transcript.messages.length
        ? null
        : { ...session.transcript, messages: session.transcript.messages.slice(0, forkedLength) },
    [session.transcript, forkedLength],
  );
  const forkedPartNow = useContentHash(forkedPart);
  const parentChanged = parentNow !== null && parentNow !== child.forkedAt.parentHash;
  const added = forkedLength === undefined ? 0 : session.transcript.messages.length - forkedLength;
  const onlyGrew = parentChanged && forkedPart !== null && forkedPartNow === child.forkedAt.parentHash;
  const inheritedIntact = inheritedNow === null ? null : inheritedNow === child.inheritedHash;

  return (
    <section className={styles.panel} aria-label={`Child ${child.name}`} data-testid="child-panel" data-child-id={child.id}>
      <header className={styles.panelHead}>
        <h2>{child.name}</h2>
        <Button onClick={onClose} data-testid="close-child">
          Close
        </Button>
        <ConfirmButton variant="danger" confirmLabel="Remove this child and its run" onConfirm={onRemove} testId="remove-child">
          Remove
        </ConfirmButton>
      </header>
      <p className={styles.muted} data-testid="child-request-summary">
        {describeRequest(child.request)} · launched {new Date(child.createdAt).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC ·{' '}
        {child.tokens.total.toLocaleString('en-US')} tokens in its first request
      </p>
      <ChildExports child={child} title={session.title} />

      <RunControls child={child} />

      <div className={styles.isolation} data-testid="isolation-check">
        <h3>Isolation check</h3>
        <dl>
          <div>
            <dt>Parent as forked (revision {child.forkedAt.revision})</dt>
            <dd>
              <code data-testid="hash-parent-at-fork">{shortHash(child.forkedAt.parentHash)}</code>
            </dd>
          </div>
          <div>
            <dt>Parent now (revision {session.revision})</dt>
            <dd>
              <code data-testid="hash-parent-now">{parentNow === null ? '…' : shortHash(parentNow)}</code>{' '}
              <span data-testid="parent-changed">
                {parentNow === null
                  ? ''
                  : !parentChanged
                    ? 'unchanged'
                    : onlyGrew
                      ? `unchanged up to the fork; ${added} message${added === 1 ? '' : 's'} added since`
                      : 'edited since the fork'}
              </span>
            </dd>
          </div>
          <div>
            <dt>Child’s inherited part, at launch → now</dt>
            <dd>
              <code data-testid="hash-inherited-at-launch">{shortHash(child.inheritedHash)}</code> →{' '}
              <code data-testid="hash-inherited-now">{inheritedNow === null ? '…' : shortHash(inheritedNow)}</code>{' '}
              <span data-testid="inherited-intact" className={inheritedIntact === false ? styles.bad : styles.good}>
                {inheritedIntact === null ? '' : inheritedIntact ? 'intact' : 'CHANGED — isolation broken'}
              </span>
            </dd>
          </div>
        </dl>
      </div>

      <details className={styles.inherited} data-testid="child-inherited">
        <summary>Inherited history · {inherited.length.toLocaleString('en-US')} messages (initial messages and first prompt)</summary>
        <VirtualList
          className={styles.inheritedList}
          count={inherited.length}
          estimatedHeight={64}
          itemKey={keyByIndex}
          role="list"
          aria-label="Inherited history"
          renderItem={(index) => {
            const message = inherited[index]!;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a virtualised row sits among absolutely positioned spacers, so the list cannot be a <ul> of <li>
              <div role="listitem" className={styles.message} data-testid="child-inherited-message">
                <div className={styles.messageHead}>
                  <span className={styles.muted}>{index}</span> <strong>{message.message.role}</strong>{' '}
                  <span className={styles.source}>{index === inherited.length - 1 ? 'first prompt' : sourceLabel(message)}</span>
                </div>
                <FoldedText text={previewText(message.message)} />
              </div>
            );
          }}
        />
      </details>

      <div className={styles.own} data-testid="child-own-messages">
        <h3>Its own messages</h3>
        {child.ownMessages.length === 0 ? (
          <p className={styles.muted}>{child.run === null ? 'None: this child holds its plan and inherited history, and has not run.' : 'None yet.'}</p>
        ) : (
          <ol>
            {child.ownMessages.map((entry) => (
              <li key={entry.id} data-testid="child-own-message" data-role={entry.message.role}>
                <strong>{entry.message.role}</strong>
                <FoldedText text={previewText(entry.message)} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
