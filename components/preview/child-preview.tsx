'use client';

import { useMemo, useState } from 'react';
import { FoldedText } from '@/components/folded-text/folded-text';
import type { ReadyPreview } from '@/components/playground/use-fork-preview';
import { Button } from '@/components/ui/button';
import { keyByIndex, VirtualList } from '@/components/virtual-list/virtual-list';
import { VisibleText } from '@/components/visible-text/visible-text';
import type { ChildMessage, ForkPlan, TranscriptMessage } from '@/lib/fork';
import { childMessageAt, expandPlan } from '@/lib/fork-exchange/compact-plan';
import { cacheMissReason } from '@/lib/view/cache-miss';
import { previewText } from '@/lib/view/message-preview';
import { FamilyMembers } from './family-members';
import styles from './preview.module.css';
import { ProviderCachePanel } from './provider-cache-panel';
import { RawJson } from './raw-json';

export function sourceLabel(message: ChildMessage): string {
  const source = message.source;
  if (source.kind === 'synthetic') return `synthetic · ${source.rule.replaceAll('-', ' ')}`;
  const rows = source.parentIndexes.map((index) => `#${index}`).join(' + ');
  const change = source.change === undefined ? '' : ` · ${source.change.replaceAll('-', ' ')}`;
  return `copy of parent ${rows}${change}`;
}

function tokens(value: number): string {
  return `${value.toLocaleString('en-US')} tok`;
}

export interface ChildPreviewProps {
  preview: ReadyPreview;
  /** The parent the preview was planned on (copies resolve against it). */
  parent: readonly TranscriptMessage[];
  parentTokens: readonly number[] | null;
  stale: boolean;
  onShowParentRow(index: number): void;
  /** Have Anthropic count the child's request; absent when the server has no Anthropic key. */
  countWithAnthropic?: () => Promise<number>;
}

/** Exactly what the child's first request holds, section by section, with token counts. */
export function ChildPreview({ preview, parent, parentTokens, stale, onShowParentRow, countWithAnthropic }: ChildPreviewProps) {
  const { plan, tokens: report } = preview;
  const [showRaw, setShowRaw] = useState(false);
  const fullPlan = useMemo<ForkPlan | null>(() => (showRaw ? expandPlan(plan, parent) : null), [showRaw, plan, parent]);

  if (plan.errors.length > 0) {
    return (
      <section className={`${styles.preview} ${styles.rejected}`} data-testid="plan-errors" aria-label="Rejected request" data-stale={stale || undefined}>
        <h2>The runtime rejects this call</h2>
        <p>The child would not start. The runtime answers the model with:</p>
        <ul>
          {plan.errors.map((error) => (
            <li key={error.code} data-testid="plan-error" data-parameter={error.parameter}>
              <code>{error.parameter}</code>: {error.message}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  if (plan.child === null) {
    return (
      <section className={styles.preview} data-testid="plan-fresh" aria-label="Not a fork" data-stale={stale || undefined}>
        <h2>Not a fork</h2>
        <p>{plan.freshReason}: it starts with no parent history.</p>
      </section>
    );
  }
  const child = plan.child;
  return (
    <section className={styles.preview} data-testid="child-request" aria-label="What the child receives" data-stale={stale || undefined}>
      <h2>What the child receives</h2>
      {report !== null && (
        <dl className={styles.totals} data-testid="token-totals">
          <div>
            <dt>Child’s first request</dt>
            <dd data-testid="tokens-total">{tokens(report.total)}</dd>
          </div>
          <div>
            <dt>Parent’s next request</dt>
            <dd data-testid="tokens-parent">{tokens(report.parentNextRequest)}</dd>
          </div>
          <div>
            <dt>Shared prefix a cache could reuse, at most</dt>
            <dd data-testid="cache-prefix">
              {report.sharedPrefix.messages.toLocaleString('en-US')} message{report.sharedPrefix.messages === 1 ? '' : 's'} ·{' '}
              {tokens(report.sharedPrefix.tokens)}
            </dd>
          </div>
        </dl>
      )}
      {report?.estimated === true && (
        <p className={styles.note} data-testid="tokens-estimated">
          The counts are estimates: some text holds a run too long to count exactly in reasonable time (over 256 characters without a break, like base64), so
          that run was counted in pieces.
        </p>
      )}
      {plan.cache !== null && cacheMissReason(plan.cache) !== null && (
        <p className={styles.note} data-testid="cache-note">
          The child’s {cacheMissReason(plan.cache)} differs from the parent’s: a cache reuses none of the parent’s messages, at most what comes before the first
          difference.
        </p>
      )}
      {plan.warnings.map((warning) => (
        <p key={warning} className={styles.note} data-testid="plan-warning">
          {warning}
        </p>
      ))}
      {plan.family !== undefined && <FamilyMembers family={plan.family} />}

      <details className={styles.section} data-testid="preview-system-section" open>
        <summary>
          System instruction <span className={styles.muted}>({child.inheritance.systemInstruction})</span>
          <span className={styles.count}>{report && tokens(report.systemInstruction)}</span>
        </summary>
        <pre data-testid="preview-system">
          <VisibleText text={child.systemInstruction || '(empty)'} />
        </pre>
      </details>

      <details className={styles.section} data-testid="preview-tools-section" open>
        <summary>
          Tools{' '}
          <span className={styles.muted}>
            ({child.tools.length}, {child.inheritance.tools.replace('-', ', ')})
          </span>
          <span className={styles.count}>{report && tokens(report.tools)}</span>
        </summary>
        <ul data-testid="preview-tools" className={styles.tools}>
          {child.tools.length === 0 && <li>none</li>}
          {child.tools.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code>
              {tool.description ? ` — ${tool.description}` : ''}
            </li>
          ))}
        </ul>
      </details>

      <div className={styles.section}>
        <h3>
          Initial messages <span className={styles.muted}>({child.initialMessageCount.toLocaleString('en-US')})</span>
          <span className={styles.count}>{report && tokens(report.initialMessages)}</span>
        </h3>
        {child.initialMessageCount === 0 ? (
          <p className={styles.muted} data-testid="preview-messages">
            none: the child starts from its first prompt alone
          </p>
        ) : (
          <VirtualList
            className={styles.messages}
            count={child.initialMessageCount}
            estimatedHeight={70}
            itemKey={keyByIndex}
            data-testid="preview-messages"
            aria-label="The child's initial messages"
            role="list"
            renderItem={(index) => {
              const item = childMessageAt(child.initialSegments, parent, index);
              if (item === null) return null;
              const { message } = item;
              const source = message.source;
              const count = item.tokens ?? (source.kind === 'copy' ? parentTokens?.[source.parentIndexes[0]!] : undefined);
              return (
                // biome-ignore lint/a11y/useSemanticElements: a virtualised row sits among absolutely positioned spacers, so the list cannot be a <ul> of <li>
                <div
                  role="listitem"
                  className={`${styles.message} ${source.kind === 'synthetic' ? styles.synthetic : ''}`}
                  data-testid="preview-message"
                  data-source={source.kind}
                  data-rule={source.kind === 'synthetic' ? source.rule : undefined}
                  data-parent-index={source.kind === 'copy' ? source.parentIndexes.join(',') : undefined}
                  data-change={source.kind === 'copy' ? source.change : undefined}
                >
                  <div className={styles.head}>
                    <span className={styles.index}>{index}</span>
                    <span className={styles.role}>{message.message.role}</span>
                    {source.kind === 'copy' ? (
                      <button type="button" className={styles.source} onClick={() => onShowParentRow(source.parentIndexes[0]!)} title="Show the parent row">
                        {sourceLabel(message)}
                      </button>
                    ) : (
                      <span className={styles.source}>{sourceLabel(message)}</span>
                    )}
                    <span className={styles.count}>{count === undefined ? '' : tokens(count)}</span>
                  </div>
                  <FoldedText text={previewText(message.message)} />
                </div>
              );
            }}
          />
        )}
      </div>

      <div className={styles.section}>
        <h3>
          First prompt <span className={styles.muted}>({sourceLabel(child.firstPrompt)})</span>
          <span className={styles.count}>{report && tokens(report.firstPrompt)}</span>
        </h3>
        <pre data-testid="preview-first-prompt">
          <VisibleText text={previewText(child.firstPrompt.message)} />
        </pre>
      </div>

      {/* What the child receives first; what each provider would make of it after. */}
      {preview.cache && <ProviderCachePanel report={preview.cache} o200kTotal={report?.total ?? null} countWithAnthropic={countWithAnthropic} />}

      <div className={styles.section}>
        <Button onClick={() => setShowRaw(!showRaw)} aria-expanded={showRaw} data-testid="toggle-raw-json">
          {showRaw ? 'Hide raw JSON' : 'Show raw JSON (the full plan)'}
        </Button>
        {fullPlan !== null && <RawJson value={fullPlan} />}
      </div>
    </section>
  );
}
