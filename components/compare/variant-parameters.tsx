'use client';

import { ForkPointField } from '@/components/fork-controls/fork-point-field';
import { RuntimeFields } from '@/components/fork-controls/runtime-fields';
import { RuntimeOptions } from '@/components/fork-controls/runtime-options';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogTitle, DialogTrigger, SheetContent } from '@/components/ui/dialog';
import { NativeSelect, Textarea } from '@/components/ui/input';
import type { ModelOption } from '@/lib/ai/providers';
import { type CompareVariant, variantValues } from '@/lib/compare/compare-setup';
import { isForkPolicy, runtimeOf } from '@/lib/fork';
import styles from './compare.module.css';
import type { VariantPreview } from './use-compare-previews';

interface VariantParametersProps {
  letter: string;
  variant: CompareVariant;
  preview: VariantPreview | undefined;
  realTurns: number;
  parentLength: number;
  models: readonly ModelOption[];
  /** A shared compare: the drawer shows the parameters and changes none. */
  readOnly: boolean;
  onChange(update: (variant: CompareVariant) => CompareVariant): void;
}

/**
 * A variant's parameters in one line, as a column head of the compare shows them: the runtime,
 * each parameter given a value, where it forks and on which model. Parameters left out are not listed.
 */
export function parametersLine(variant: CompareVariant, models: readonly ModelOption[]): string {
  const runtime = runtimeOf(variant.policy);
  const given = Object.entries(variantValues(variant))
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name} ${value.length > 24 ? `${value.slice(0, 24)}…` : value}`);
  const model = models.find((each) => each.id === variant.modelId)?.label ?? variant.modelId;
  return [
    runtime.name,
    ...given,
    variant.forkPoint === null ? null : `fork point ${variant.forkPoint}`,
    model,
    variant.systemInstruction === undefined ? null : 'own system instruction',
  ]
    .filter((part) => part !== null)
    .join(' · ');
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
  onChange: VariantParametersProps['onChange'];
}) {
  const planned = preview?.status === 'ok' ? preview.preview.plan.child?.systemInstruction : undefined;
  const edited = variant.systemInstruction !== undefined;
  return (
    <details className={styles.systemExperiment} open={edited || undefined}>
      <summary>Child system instruction{edited ? ' (tried, not the runtime’s)' : ''}</summary>
      <Textarea
        aria-label="Child system instruction"
        data-testid="variant-system"
        value={variant.systemInstruction ?? planned ?? ''}
        onChange={(event) => {
          const systemInstruction = event.target.value;
          onChange((current) => ({ ...current, systemInstruction }));
        }}
      />
      {edited ? (
        <Button
          data-testid="variant-system-reset"
          onClick={() =>
            onChange((current) => {
              const { systemInstruction: _, ...rest } = current;
              return rest;
            })
          }
        >
          Use the runtime’s
        </Button>
      ) : null}
    </details>
  );
}

/**
 * The variant's parameters: a one-line summary in its column and, behind "Parameters", a drawer
 * with the runtime, its fields, the fork point, the model and the system instruction, so the
 * columns stay short enough to read the results side by side.
 */
export function VariantParameters({ letter, variant, preview, realTurns, parentLength, models, readOnly, onChange }: VariantParametersProps) {
  const errors = preview?.status === 'ok' ? preview.preview.plan.errors : [];
  const runtime = runtimeOf(variant.policy);
  return (
    <div className={styles.parameters}>
      <p className={styles.parametersLine} data-testid="variant-parameters-line">
        {parametersLine(variant, models)}
      </p>
      <Dialog>
        <DialogTrigger asChild>
          <Button size="sm" data-testid="variant-parameters-open">
            {readOnly ? 'Parameters' : 'Edit parameters'}
          </Button>
        </DialogTrigger>
        <SheetContent data-testid="variant-parameters">
          <DialogTitle>Variant {letter} · parameters</DialogTitle>
          <DialogDescription>
            {readOnly ? 'Read-only: the values this variant was shared with.' : 'The plan, the figures and the grid follow each change as you make it.'}
          </DialogDescription>
          {/* The drawer renders outside the read-only fieldset of a shared compare, so it disables its own. */}
          <fieldset className={styles.parametersForm} disabled={readOnly}>
            <legend className={styles.hidden}>Variant {letter}</legend>
            <label className={styles.inline}>
              <span>Runtime</span>
              <NativeSelect
                value={variant.policy}
                data-testid="variant-runtime"
                onChange={(event) => {
                  const policy = event.target.value;
                  if (isForkPolicy(policy)) onChange((current) => ({ ...current, policy, values: runtimeOf(policy).controls.defaults }));
                }}
              >
                <RuntimeOptions />
              </NativeSelect>
            </label>
            <RuntimeFields
              runtime={runtime}
              values={variantValues(variant)}
              errors={errors}
              realTurns={realTurns}
              onChange={(name, value) => onChange((current) => ({ ...current, values: { ...variantValues(current), [name]: value } }))}
            />
            <ForkPointField
              forkPoint={variant.forkPoint}
              parentLength={parentLength}
              errors={errors}
              onCommit={(forkPoint) => onChange((current) => ({ ...current, forkPoint }))}
            />
            <label className={styles.inline}>
              <span>Model</span>
              <NativeSelect
                value={variant.modelId}
                data-testid="variant-model"
                onChange={(event) => onChange((current) => ({ ...current, modelId: event.target.value }))}
              >
                {models.map((model) => (
                  <option key={model.id} value={model.id}>
                    {model.label}
                  </option>
                ))}
                {models.some((model) => model.id === variant.modelId) ? null : <option value={variant.modelId}>{variant.modelId} (not configured here)</option>}
              </NativeSelect>
            </label>
            <SystemExperiment variant={variant} preview={preview} onChange={onChange} />
          </fieldset>
          <DialogClose asChild>
            <Button variant="primary" data-testid="variant-parameters-done">
              Done
            </Button>
          </DialogClose>
        </SheetContent>
      </Dialog>
    </div>
  );
}
