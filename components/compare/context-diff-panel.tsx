'use client';

import { useDeferredValue, useMemo, useState } from 'react';
import { TextChunks } from '@/components/text-diff/text-chunks';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { keyByIndex, VirtualList } from '@/components/virtual-list/virtual-list';
import { type ContextDiff, contextDiff, type DiffEntry, parentRequest } from '@/lib/compare/context-diff';
import { partDiff } from '@/lib/compare/part-diff';
import type { ChildMessage } from '@/lib/fork';
import { cacheMissReason } from '@/lib/view/cache-miss';
import { previewText } from '@/lib/view/message-preview';
import styles from './compare.module.css';
import type { VariantPreview } from './use-compare-previews';

type Planned = Extract<VariantPreview, { status: 'ok' }>;

export interface DiffChoice {
  letter: string;
  id: string;
  preview: VariantPreview | undefined;
}

/** Where a message stands in a request, and its source in words. */
function sourceWords(message: ChildMessage): string {
  const source = message.source;
  if (source.kind === 'synthetic') return source.rule.replaceAll('-', ' ');
  return `${source.parentIds.length > 1 ? `parent ${source.parentIds.join(' + ')}` : `parent ${source.parentIds[0]}`}${source.change === undefined ? '' : ` (${source.change})`}`;
}

function oneLine(message: ChildMessage): string {
  const text = previewText(message.message).replace(/\s+/g, ' ').trim();
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}

function PartDiffView({ left, right }: { left: ChildMessage; right: ChildMessage }) {
  const parts = useMemo(() => partDiff(left.message, right.message), [left, right]);
  return (
    <div className={styles.partDiff} data-testid="part-diff">
      {parts.map((part) => (
        <div key={part.index} data-status={part.status} data-testid="part">
          <span className={styles.muted}>
            part {part.index + 1} · {part.status}
            {part.fieldsOnly ? ' (same text; a field beside it differs)' : ''}
          </span>
          <TextChunks chunks={part.chunks} />
        </div>
      ))}
    </div>
  );
}

function EntryRow(props: { entry: DiffEntry; left: readonly ChildMessage[]; right: readonly ChildMessage[]; first: boolean; open: boolean; onToggle(): void }) {
  const { entry, left, right } = props;
  const leftMessage = entry.kind === 'added' ? null : left[entry.left]!;
  const rightMessage = entry.kind === 'removed' ? null : right[entry.right]!;
  const shown = (rightMessage ?? leftMessage)!;
  return (
    <div
      className={`${styles.diffRow} ${styles[`diff-${entry.kind}`] ?? ''}`}
      data-testid="diff-entry"
      data-kind={entry.kind}
      data-first-mismatch={props.first || undefined}
    >
      {props.first ? (
        <div className={styles.mismatchMarker} data-testid="first-mismatch">
          the prefix ends here: from this message on, nothing of the earlier request can be reused from a cache
        </div>
      ) : null}
      <div className={styles.diffLine}>
        <span className={styles.diffKind}>{entry.kind}</span>
        <span className={styles.gridPlace}>{leftMessage === null ? '' : `#${(entry as { left: number }).left}`}</span>
        <span className={styles.gridPlace}>{rightMessage === null ? '' : `#${(entry as { right: number }).right}`}</span>
        <span className={styles.badge}>{shown.message.role}</span>
        <span className={styles.muted}>{sourceWords(shown)}</span>
        <span className={styles.diffText}>{oneLine(shown)}</span>
        {entry.kind === 'changed' ? (
          <Button onClick={props.onToggle} aria-expanded={props.open} data-testid="toggle-part-diff">
            {props.open ? 'Hide parts' : 'Show parts'}
          </Button>
        ) : null}
      </div>
      {props.open && leftMessage !== null && rightMessage !== null ? <PartDiffView left={leftMessage} right={rightMessage} /> : null}
    </div>
  );
}

function summaryLine(diff: ContextDiff, against: string, prefixTokens: number | null): string {
  const { same, changed, added, removed } = diff.counts;
  const counts = `${same} same · ${changed} changed · ${added} added · ${removed} removed`;
  if (diff.firstMismatch === null) return `${counts}. The two requests are the same.`;
  const kept = diff.firstMismatch;
  const messages = `its first ${kept} message${kept === 1 ? '' : 's'}`;
  // The tokens of a shared prefix count the system instruction and tools too, which come first.
  if (prefixTokens !== null)
    return `${counts}. From the start it repeats ${against} for ${prefixTokens.toLocaleString('en-US')} tokens (the system instruction, the tools and ${messages}), then differs.`;
  return `${counts}. It repeats ${against} for ${messages}, then differs.`;
}

/**
 * One variant's first request against the baseline's or the parent's next request, message by
 * message, with the first place it stops repeating it (where a prefix cache stops) marked.
 */
export function ContextDiffPanel({ choices: current, baselineId }: { choices: readonly DiffChoice[]; baselineId: string }) {
  // The diff follows the plans a render later than the grid: new plans paint the grid first.
  const choices = useDeferredValue(current);
  const others = choices.filter((choice) => choice.id !== baselineId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [against, setAgainst] = useState<'baseline' | 'parent'>('baseline');
  const [open, setOpen] = useState<number | null>(null);
  const chosen = choices.find((choice) => choice.id === chosenId) ?? others[0] ?? choices[0]!;
  const baseline = choices.find((choice) => choice.id === baselineId);
  const planned = chosen.preview?.status === 'ok' ? (chosen.preview as Planned) : null;
  const base = against === 'baseline' ? (baseline?.preview?.status === 'ok' ? (baseline.preview as Planned) : null) : planned;
  const left = useMemo(() => (base === null ? null : against === 'baseline' ? base.messages : parentRequest(base.parentMessages)), [base, against]);
  const diff = useMemo(() => (left === null || planned === null ? null : contextDiff(left, planned.messages)), [left, planned]);
  const againstWords = against === 'baseline' ? `baseline ${baseline?.letter ?? ''}'s request` : "the parent's next request";
  const cache = planned?.preview.plan.cache;
  return (
    <section className={styles.diffPanel} aria-label="Context diff" data-testid="context-diff" data-pending={choices !== current || undefined}>
      <div className={styles.diffControls}>
        <h2>Context diff</h2>
        <label className={styles.inline}>
          <span>Variant</span>
          <NativeSelect
            value={chosen.id}
            onChange={(event) => {
              setChosenId(event.target.value);
              setOpen(null);
            }}
            data-testid="diff-variant"
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.letter}
                {choice.id === baselineId ? ' (baseline)' : ''}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className={styles.inline}>
          <span>against</span>
          <NativeSelect
            value={against}
            onChange={(event) => {
              setAgainst(event.target.value as 'baseline' | 'parent');
              setOpen(null);
            }}
            data-testid="diff-against"
          >
            <option value="baseline">the baseline ({baseline?.letter})</option>
            <option value="parent">the parent’s next request</option>
          </NativeSelect>
        </label>
      </div>
      {diff === null || planned === null || left === null ? (
        <p className={styles.muted}>
          {chosen.preview?.status === 'loading' ? 'Planning…' : 'No child request to compare (the runtime rejects the call, or it is not a fork).'}
        </p>
      ) : (
        <>
          <p data-testid="diff-summary">
            {chosen.letter}: {summaryLine(diff, againstWords, against === 'parent' ? (planned.preview.tokens?.sharedPrefix.tokens ?? null) : null)}
            {against === 'parent' && cache !== null && cache !== undefined && cacheMissReason(cache) !== null
              ? ` Its ${cacheMissReason(cache)} differs from the parent's, so a provider reuses nothing at all.`
              : ''}
          </p>
          <VirtualList
            count={diff.entries.length}
            estimatedHeight={30}
            itemKey={keyByIndex}
            renderItem={(index) => (
              <EntryRow
                entry={diff.entries[index]!}
                left={left}
                right={planned.messages}
                first={diff.firstMismatch === index}
                open={open === index}
                onToggle={() => setOpen(open === index ? null : index)}
              />
            )}
            className={styles.diffScroller}
            tabIndex={0}
            aria-label="Messages of the two requests"
            data-testid="diff-scroller"
          />
        </>
      )}
    </section>
  );
}
