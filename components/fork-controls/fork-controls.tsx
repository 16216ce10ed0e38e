'use client';

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect, Textarea } from '@/components/ui/input';
import type { ModelOption } from '@/lib/ai/providers';
import { DIRECTIVE_MAX_CHARS, FORK_RUNTIMES, type ForkParameterError, isForkPolicy, runtimeOf } from '@/lib/fork';
import { type ForkSelection, fieldsOf, withField } from '@/lib/workspace/fork-selection';
import { Field } from './control-field';
import styles from './fork-controls.module.css';
import { ForkPointField } from './fork-point-field';
import { RuntimeFields } from './runtime-fields';

export interface ForkControlsProps {
  selection: ForkSelection;
  errors: readonly ForkParameterError[];
  /** Messages in the parent: the largest fork point. */
  parentLength: number;
  realTurns: number;
  canLaunch: boolean;
  launchHint: string | null;
  launching: boolean;
  /** The launch button's words when a launch starts more than one child. */
  launchLabel?: string;
  models: readonly ModelOption[];
  modelId: string;
  onModelChange(modelId: string): void;
  onChange(update: (selection: ForkSelection) => ForkSelection): void;
  onLaunch(): void;
  /** The typed fork point's problem, or null once it reads as one. */
  onForkPointError?(message: string | null): void;
}

/** The policy picker, each runtime's own parameters as raw text, the directive and the fork point. */
export function ForkControls(props: ForkControlsProps) {
  const { selection, errors, onChange } = props;
  const policyId = useId();
  const modelFieldId = useId();
  const knownModel = props.models.some((model) => model.id === props.modelId);
  const runtime = runtimeOf(selection.policy);
  // Errors of a parameter with no field of its own show above the launch button, never nowhere.
  const placed = new Set([...runtime.controls.errorParameters, 'forkPoint', 'directive']);
  const unplaced = errors.filter((error) => !placed.has(error.parameter));

  return (
    <form
      className={styles.controls}
      aria-label="Fork controls"
      data-testid="fork-controls"
      onSubmit={(event) => {
        event.preventDefault();
        if (props.canLaunch) props.onLaunch();
      }}
    >
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={policyId}>Runtime policy</label>
          <NativeSelect
            id={policyId}
            value={selection.policy}
            onChange={(event) => {
              const policy = event.target.value;
              if (isForkPolicy(policy)) onChange((current) => ({ ...current, policy }));
            }}
            data-testid="policy-select"
          >
            {FORK_RUNTIMES.map((option) => (
              <option key={option.policy} value={option.policy}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          {/* The one name the CLI, the HTTP API, links, verify and /captures know it by. */}
          <span className={styles.hint} data-testid="policy-id">
            id <code>{selection.policy}</code>
          </span>
        </div>

        <RuntimeFields
          runtime={runtime}
          values={fieldsOf(selection)}
          errors={errors}
          realTurns={props.realTurns}
          onChange={(name, value) => onChange((current) => withField(current, name, value))}
        />

        <Field
          label="directive"
          name="directive"
          errors={errors}
          hint="The task for the child. It stays in this browser: a link carries the fork's parameters, never its text."
          length={{ chars: selection.directive.length, max: DIRECTIVE_MAX_CHARS }}
        >
          {(id, describedBy) => (
            <Textarea
              id={id}
              value={selection.directive}
              aria-invalid={errors.some((error) => error.parameter === 'directive') || undefined}
              rows={3}
              onChange={(event) => {
                const directive = event.target.value;
                onChange((current) => ({ ...current, directive }));
              }}
              aria-describedby={describedBy}
              data-testid="input-directive"
            />
          )}
        </Field>

        <ForkPointField
          forkPoint={selection.forkPoint}
          parentLength={props.parentLength}
          errors={errors}
          onCommit={(forkPoint) => onChange((current) => ({ ...current, forkPoint }))}
          onTypedError={props.onForkPointError}
        />

        {unplaced.length > 0 && (
          <div role="alert" className={styles.error} data-testid="error-other">
            {unplaced.map((error) => (
              <p key={error.code}>
                <code>{error.parameter}</code>: {error.message}
              </p>
            ))}
          </div>
        )}

        <div className={styles.field}>
          <label htmlFor={modelFieldId}>Model the child runs on</label>
          <NativeSelect id={modelFieldId} value={props.modelId} onChange={(event) => props.onModelChange(event.target.value)} data-testid="model-select">
            {!knownModel && <option value={props.modelId}>{props.modelId} (not configured on this server)</option>}
            {props.models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.label}
              </option>
            ))}
          </NativeSelect>
          {props.models.find((model) => model.id === props.modelId)?.deterministic && (
            <p className={styles.hint} data-testid="model-note">
              A deterministic local model: it answers only by quoting what is in its own context, and calls a tool when asked by name. No key, no network.
            </p>
          )}
        </div>
      </div>

      <div className={styles.launch}>
        <Button type="submit" variant="primary" disabled={!props.canLaunch || props.launching} data-testid="launch">
          {props.launching ? 'Launching…' : (props.launchLabel ?? 'Launch child')}
        </Button>
        {props.launchHint !== null && (
          <p className={styles.hint} data-testid="launch-hint">
            {props.launchHint}
          </p>
        )}
      </div>
      <p className={styles.keys}>
        Keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous turn · <kbd>[</kbd>/<kbd>]</kbd> fewer/more turns · <kbd>a</kbd> all · <kbd>Enter</kbd> launch
      </p>
    </form>
  );
}
