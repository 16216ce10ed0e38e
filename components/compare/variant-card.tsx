'use client';

import { RuntimeFields } from '@/components/fork-controls/runtime-fields';
import { RuntimeOptions } from '@/components/fork-controls/runtime-options';
import type { ModelOption } from '@/lib/ai/providers';
import type { CompareRun, CompareVariant } from '@/lib/compare/compare-setup';
import { isForkPolicy, runtimeOf } from '@/lib/fork';
import styles from './compare.module.css';
import type { VariantPreview } from './use-compare-previews';
import { VariantCache } from './variant-cache';

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
}

/** The variant's child run from "Run all": its state, then its output side by side with the others'. */
function VariantRun({
  run,
  liveText,
  preview,
  onStop,
}: {
  run: CompareRun | undefined;
  liveText: string | undefined;
  preview: VariantPreview | undefined;
  onStop(): void;
}) {
  if (run === undefined) return null;
  const stale = preview?.status === 'ok' && run.requestKey !== '' && run.requestKey !== JSON.stringify(preview.request);
  const busy = run.status === 'queued' || run.status === 'running';
  return (
    <div className={styles.run} data-testid="variant-run" data-status={run.status}>
      <div className={styles.runHead}>
        <strong>Run · {run.status}</strong>
        {busy ? (
          <button type="button" onClick={onStop} data-testid="variant-stop">
            Stop
          </button>
        ) : null}
      </div>
      {stale ? <p className={styles.muted}>From an earlier setting of this variant.</p> : null}
      {run.status === 'running' && liveText ? <pre className={styles.output}>{liveText}</pre> : null}
      {run.output === null ? null : (
        <pre className={styles.output} data-testid="variant-output">
          {run.output}
        </pre>
      )}
      {run.error === null ? null : (
        <p className={styles.error} data-testid="variant-run-error">
          {run.error}
        </p>
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

/**
 * The child's system instruction as a person wants to try it (a runtime that rewrites an identity
 * line, say): everything about the variant, its cache above all, is then planned with it.
 */
function SystemExperiment({
  variant,
  preview,
  onChange,
}: {
  variant: CompareVariant;
  preview: VariantPreview | undefined;
  onChange: VariantCardProps['onChange'];
}) {
  const planned = preview?.status === 'ok' ? preview.preview.plan.child?.systemInstruction : undefined;
  const edited = variant.systemInstruction !== undefined;
  return (
    <details className={styles.systemExperiment} open={edited || undefined}>
      <summary>Child system instruction{edited ? ' (tried, not the runtime’s)' : ''}</summary>
      <textarea
        aria-label="Child system instruction"
        data-testid="variant-system"
        value={variant.systemInstruction ?? planned ?? ''}
        onChange={(event) => {
          const systemInstruction = event.target.value;
          onChange((current) => ({ ...current, systemInstruction }));
        }}
      />
      {edited ? (
        <button
          type="button"
          data-testid="variant-system-reset"
          onClick={() =>
            onChange((current) => {
              const { systemInstruction: _, ...rest } = current;
              return rest;
            })
          }
        >
          Use the runtime’s
        </button>
      ) : null}
    </details>
  );
}

/** One variant of the compare: its runtime and fields, where it forks, its model, and its figures. */
export function VariantCard(props: VariantCardProps) {
  const { variant, preview, letter } = props;
  const runtime = runtimeOf(variant.policy);
  const errors = preview?.status === 'ok' ? preview.preview.plan.errors : [];
  return (
    <section
      className={`${styles.card} ${props.baseline ? styles.baselineCard : ''}`}
      data-testid="variant-card"
      data-letter={letter}
      aria-label={`Variant ${letter}`}
    >
      <header className={styles.cardHeader}>
        <h3>
          {letter}
          {props.baseline ? <span className={styles.baselineTag}> · baseline</span> : null}
        </h3>
        {props.readOnly ? null : (
          <div className={styles.cardButtons}>
            <button
              type="button"
              onClick={props.onBaseline}
              disabled={props.baseline}
              data-testid="variant-baseline"
              title="Read the other variants against this one"
            >
              Baseline
            </button>
            <button type="button" onClick={() => props.onMove(-1)} disabled={props.first} aria-label={`Move ${letter} left`} data-testid="variant-left">
              ←
            </button>
            <button type="button" onClick={() => props.onMove(1)} disabled={props.last} aria-label={`Move ${letter} right`} data-testid="variant-right">
              →
            </button>
            <button type="button" onClick={props.onDuplicate} disabled={!props.canAdd} data-testid="variant-duplicate">
              Duplicate
            </button>
            <button type="button" onClick={props.onRemove} disabled={!props.canRemove} aria-label={`Remove ${letter}`} data-testid="variant-remove">
              Remove
            </button>
          </div>
        )}
      </header>
      <label className={styles.inline}>
        <span>Runtime</span>
        <select
          value={variant.policy}
          data-testid="variant-runtime"
          onChange={(event) => {
            const policy = event.target.value;
            if (isForkPolicy(policy)) props.onChange((current) => ({ ...current, policy, values: runtimeOf(policy).controls.defaults }));
          }}
        >
          <RuntimeOptions />
        </select>
      </label>
      <RuntimeFields
        runtime={runtime}
        values={{ ...runtime.controls.defaults, ...variant.values }}
        errors={errors}
        realTurns={props.realTurns}
        onChange={(name, value) => props.onChange((current) => ({ ...current, values: { ...runtime.controls.defaults, ...current.values, [name]: value } }))}
      />
      <label className={styles.inline}>
        <span>Fork point</span>
        <input
          type="number"
          min={0}
          max={props.parentLength}
          placeholder={`end (${props.parentLength})`}
          value={variant.forkPoint ?? ''}
          data-testid="variant-fork-point"
          onChange={(event) => {
            const text = event.target.value;
            const value = Number(text);
            props.onChange((current) => ({
              ...current,
              // The parent's length is its end: the same fork as none, so it is stored as none.
              forkPoint: text === '' || !Number.isInteger(value) || value < 0 || value >= props.parentLength ? null : value,
            }));
          }}
        />
      </label>
      <label className={styles.inline}>
        <span>Model</span>
        <select
          value={variant.modelId}
          data-testid="variant-model"
          onChange={(event) => props.onChange((current) => ({ ...current, modelId: event.target.value }))}
        >
          {props.models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
          {props.models.some((model) => model.id === variant.modelId) ? null : <option value={variant.modelId}>{variant.modelId} (not configured here)</option>}
        </select>
      </label>
      <SystemExperiment variant={variant} preview={preview} onChange={props.onChange} />
      <VariantFigures preview={preview} />
      <VariantRun run={props.run} liveText={props.liveText} preview={preview} onStop={props.onStopRun} />
    </section>
  );
}
