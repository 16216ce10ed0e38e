'use client';

import { ArrowLeft, ArrowRight, Copy, Flag, X } from 'lucide-react';
import { TextChunks } from '@/components/text-diff/text-chunks';
import { Button } from '@/components/ui/button';
import { VisibleText } from '@/components/visible-text/visible-text';
import type { ModelOption } from '@/lib/ai/providers';
import type { CompareRun, CompareVariant } from '@/lib/compare/compare-setup';
import { outputDiff, outputDiffLine } from '@/lib/compare/output-diff';
import styles from './compare.module.css';
import type { VariantPreview } from './use-compare-previews';
import { VariantCache } from './variant-cache';
import { VariantParameters } from './variant-parameters';

export interface VariantCardProps {
  letter: string;
  variant: CompareVariant;
  preview: VariantPreview | undefined;
  baseline: boolean;
  first: boolean;
  last: boolean;
  canAdd: boolean;
  canRemove: boolean;
  realTurns: number;
  parentLength: number;
  models: readonly ModelOption[];
  onChange(update: (variant: CompareVariant) => CompareVariant): void;
  onBaseline(): void;
  /** A shared compare: nothing to edit, so no editing buttons at all. */
  readOnly?: boolean;
  onMove(by: -1 | 1): void;
  onDuplicate(): void;
  onRemove(): void;
  run: CompareRun | undefined;
  /** Text the running child is writing now. */
  liveText: string | undefined;
  onStopRun(): void;
  /** The baseline's letter and its child's answer, when it has one: this variant's answer is read against it. */
  baselineAnswer: { letter: string; output: string } | null;
}

/** The variant's child run from "Run all": its state, then its output side by side with the others'. */
function VariantRun({
  run,
  liveText,
  preview,
  onStop,
  baselineAnswer,
}: {
  run: CompareRun | undefined;
  liveText: string | undefined;
  preview: VariantPreview | undefined;
  onStop(): void;
  baselineAnswer: { letter: string; output: string } | null;
}) {
  if (run === undefined) return null;
  const stale = preview?.status === 'ok' && run.requestKey !== '' && run.requestKey !== JSON.stringify(preview.request);
  const busy = run.status === 'queued' || run.status === 'running';
  return (
    <div className={styles.run} data-testid="variant-run" data-status={run.status}>
      <div className={styles.runHead}>
        <strong>Run · {run.status}</strong>
        {busy ? (
          <Button onClick={onStop} data-testid="variant-stop">
            Stop
          </Button>
        ) : null}
      </div>
      {stale ? <p className={styles.muted}>From an earlier setting of this variant.</p> : null}
      {run.status === 'running' && liveText ? <pre className={styles.output}>{liveText}</pre> : null}
      {run.output === null ? null : <VariantAnswer output={run.output} baseline={baselineAnswer} />}
      {run.error === null ? null : (
        <p className={styles.error} data-testid="variant-run-error">
          {run.error}
        </p>
      )}
    </div>
  );
}

/**
 * The child's answer, read against the baseline child's when there is one: how it differs in a
 * line, and for an edit of the baseline's answer the word diff in its place (the answer alone one
 * click away); a different answer, or the same, is shown as written.
 */
function VariantAnswer({ output, baseline }: { output: string; baseline: { letter: string; output: string } | null }) {
  const diff = baseline === null ? null : outputDiff(baseline.output, output);
  const plain = (
    <pre className={styles.output} data-testid="variant-output">
      <VisibleText text={output} />
    </pre>
  );
  if (diff === null || baseline === null) return plain;
  return (
    <div className={styles.againstBaseline} data-testid="variant-output-against-baseline" data-verdict={diff.verdict}>
      <p className={styles.muted}>{outputDiffLine(diff, baseline.letter)}</p>
      {diff.verdict === 'edited' ? (
        <>
          <TextChunks chunks={diff.chunks} testId="variant-output-diff" />
          <details>
            <summary>The answer alone</summary>
            {plain}
          </details>
        </>
      ) : (
        plain
      )}
    </div>
  );
}

/** Figures of one variant's first request, or why there are none. */
function VariantFigures({ preview }: { preview: VariantPreview | undefined }) {
  if (preview === undefined || preview.status === 'loading') return <p className={styles.muted}>Planning…</p>;
  if (preview.status === 'error') {
    return (
      <p className={styles.error} role="alert" data-testid="variant-error">
        {preview.message}
      </p>
    );
  }
  const { plan } = preview.preview;
  if (plan.errors.length > 0) {
    return (
      <div className={styles.error} role="alert" data-testid="variant-rejected">
        <p>The runtime rejects this call; its words to the parent:</p>
        {plan.errors.map((error) => (
          <p key={error.code}>
            <code>{error.parameter}</code>: {error.message}
            {error.explanation === undefined ? null : <span className={styles.explanation}> — {error.explanation}</span>}
          </p>
        ))}
      </div>
    );
  }
  if (plan.child === null) {
    return <p data-testid="variant-not-a-fork">Not a fork: {plan.freshReason ?? 'the child inherits no history'}.</p>;
  }
  return (
    <>
      <VariantTotals preview={preview} />
      {preview.preview.cache ? <VariantCache report={preview.preview.cache} /> : null}
    </>
  );
}

function VariantTotals({ preview }: { preview: Extract<VariantPreview, { status: 'ok' }> }) {
  const { tokens } = preview.preview;
  return (
    <dl className={styles.figures} data-testid="variant-figures">
      <dt>Messages</dt>
      <dd data-testid="variant-messages">{preview.messages.length}</dd>
      <dt>First request</dt>
      <dd data-testid="variant-tokens">
        {tokens?.total.toLocaleString('en-US') ?? '—'} tokens{tokens?.estimated ? ' (estimate)' : ''}
      </dd>
      <dt>Cache prefix</dt>
      <dd data-testid="variant-prefix" title="What the child's first request repeats of the parent's next request, from the start">
        {tokens === null
          ? '—'
          : `${tokens.sharedPrefix.messages} message${tokens.sharedPrefix.messages === 1 ? '' : 's'} · ${tokens.sharedPrefix.tokens.toLocaleString('en-US')} tokens`}
      </dd>
    </dl>
  );
}

/** One variant of the compare, as a column: its parameters in one line (edited in a drawer), its figures, and its child's answer. */
export function VariantCard(props: VariantCardProps) {
  const { variant, preview, letter } = props;
  return (
    <section
      className={`${styles.card} ${props.baseline ? styles.baselineCard : ''}`}
      data-testid="variant-card"
      data-letter={letter}
      data-policy={variant.policy}
      aria-label={`Variant ${letter}`}
    >
      <header className={styles.cardHeader}>
        <h3>
          {letter}
          {props.baseline ? <span className={styles.baselineTag}> · baseline</span> : null}
        </h3>
        {props.readOnly ? null : (
          <div className={styles.cardButtons}>
            {[
              {
                id: 'baseline',
                label: props.baseline ? `${letter} is the baseline` : `Read the others against ${letter}`,
                Icon: Flag,
                act: props.onBaseline,
                off: props.baseline,
              },
              { id: 'left', label: `Move ${letter} left`, Icon: ArrowLeft, act: () => props.onMove(-1), off: props.first },
              { id: 'right', label: `Move ${letter} right`, Icon: ArrowRight, act: () => props.onMove(1), off: props.last },
              { id: 'duplicate', label: `Duplicate ${letter}`, Icon: Copy, act: props.onDuplicate, off: !props.canAdd },
              { id: 'remove', label: `Remove ${letter}`, Icon: X, act: props.onRemove, off: !props.canRemove },
            ].map(({ id, label, Icon, act, off }) => (
              <Button
                key={id}
                size="sm"
                className="px-1.5"
                variant={id === 'remove' ? 'danger' : 'default'}
                onClick={act}
                disabled={off}
                aria-label={label}
                title={label}
                data-testid={`variant-${id}`}
              >
                <Icon aria-hidden="true" className="size-3.5" />
              </Button>
            ))}
          </div>
        )}
      </header>
      <VariantParameters
        letter={letter}
        variant={variant}
        preview={preview}
        realTurns={props.realTurns}
        parentLength={props.parentLength}
        models={props.models}
        readOnly={props.readOnly ?? false}
        onChange={props.onChange}
      />
      <VariantFigures preview={preview} />
      <VariantRun
        run={props.run}
        liveText={props.liveText}
        preview={preview}
        onStop={props.onStopRun}
        baselineAnswer={props.baseline ? null : props.baselineAnswer}
      />
    </section>
  );
}
