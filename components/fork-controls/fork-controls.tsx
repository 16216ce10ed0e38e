'use client';

import { type ReactNode, useId } from 'react';
import type { ModelOption } from '@/lib/ai/providers';
import type { ForkParameterError, ForkPolicy, KimiNoticeVariant } from '@/lib/fork';
import type { ForkSelection } from '@/lib/workspace/fork-selection';
import styles from './fork-controls.module.css';

export const POLICY_LABELS: Record<ForkPolicy, string> = {
  'qwen-fork-turns': 'Qwen Code · fork_turns',
  'kimi-fork': 'Kimi Code · fork: true',
  'deepseek-completed-turns': 'DeepSeek Harness · completed turns',
};

export interface ForkControlsProps {
  selection: ForkSelection;
  errors: readonly ForkParameterError[];
  /** Messages in the parent: the largest fork point. */
  parentLength: number;
  realTurns: number;
  canLaunch: boolean;
  launchHint: string | null;
  launching: boolean;
  models: readonly ModelOption[];
  modelId: string;
  onModelChange(modelId: string): void;
  onChange(update: (selection: ForkSelection) => ForkSelection): void;
  onLaunch(): void;
}

/** Fields whose errors show beside them; any other parameter's error shows above the launch button. */
const FIELDS_BY_POLICY: Record<ForkPolicy, string[]> = {
  'qwen-fork-turns': ['fork_turns', 'subagent_type', 'name', 'forkPoint', 'directive'],
  'kimi-fork': ['fork', 'resume', 'subagent_type', 'model', 'forkPoint', 'directive'],
  'deepseek-completed-turns': ['maxDepth', 'persona', 'toolFilter', 'depth', 'forkPoint', 'directive'],
};

function Field(props: {
  label: string;
  name: string;
  hint?: string;
  errors: readonly ForkParameterError[];
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const mine = props.errors.filter((error) => error.parameter === props.name);
  const describedBy = [props.hint ? `${id}-hint` : '', mine.length > 0 ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field} data-testid={`field-${props.name}`} data-invalid={mine.length > 0 || undefined}>
      <label htmlFor={id}>
        <code>{props.label}</code>
      </label>
      {props.children(id, describedBy)}
      {props.hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </p>
      )}
      {mine.length > 0 && (
        <div id={`${id}-error`} role="alert" className={styles.error} data-testid={`error-${props.name}`}>
          {mine.map((error) => (
            <p key={error.code}>{error.message}</p>
          ))}
        </div>
      )}
    </div>
  );
}

/** The policy picker, each runtime's own parameters as raw text, the directive and the fork point. */
export function ForkControls(props: ForkControlsProps) {
  const { selection, errors, onChange } = props;
  const policyId = useId();
  const modelFieldId = useId();
  const knownModel = props.models.some((model) => model.id === props.modelId);
  const text = (name: string, value: string, set: (value: string) => ForkSelection, hint?: string, placeholder?: string) => (
    <Field label={name} name={name} hint={hint} errors={errors}>
      {(id, describedBy) => (
        <input
          id={id}
          value={value}
          placeholder={placeholder ?? '(left out)'}
          onChange={(event) => {
            const next = event.target.value;
            onChange(() => set(next));
          }}
          aria-describedby={describedBy}
          aria-invalid={errors.some((error) => error.parameter === name) || undefined}
          data-testid={`input-${name}`}
          spellCheck={false}
          autoComplete="off"
        />
      )}
    </Field>
  );
  const unplaced = errors.filter((error) => !FIELDS_BY_POLICY[selection.policy].includes(error.parameter));

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
      <div className={styles.field}>
        <label htmlFor={policyId}>Runtime policy</label>
        <select
          id={policyId}
          value={selection.policy}
          onChange={(event) => {
            const policy = event.target.value as ForkPolicy;
            onChange((current) => ({ ...current, policy }));
          }}
          data-testid="policy-select"
        >
          {(Object.keys(POLICY_LABELS) as ForkPolicy[]).map((policy) => (
            <option key={policy} value={policy}>
              {POLICY_LABELS[policy]}
            </option>
          ))}
        </select>
      </div>

      {selection.policy === 'qwen-fork-turns' && (
        <fieldset className={styles.params}>
          <legend>Agent tool parameters</legend>
          {text(
            'fork_turns',
            selection.qwen.fork_turns,
            (value) => ({ ...selection, qwen: { ...selection.qwen, fork_turns: value } }),
            `"all" or a whole number of real user turns, 1–${Math.max(1, props.realTurns)} here. Keys: [ ] change N, a for all.`,
          )}
          {/* biome-ignore lint/a11y/useSemanticElements: quick values inside the parameters' fieldset; a nested fieldset would make screen readers announce a second legend */}
          <div className={styles.quick} role="group" aria-label="Quick fork_turns values">
            <button type="button" onClick={() => onChange((current) => ({ ...current, qwen: { ...current.qwen, fork_turns: 'all' } }))} data-testid="turns-all">
              all
            </button>
            <input
              type="range"
              min={1}
              max={Math.max(1, props.realTurns)}
              value={
                /^[1-9]\d*$/.test(selection.qwen.fork_turns)
                  ? Math.min(Number(selection.qwen.fork_turns), Math.max(1, props.realTurns))
                  : Math.max(1, props.realTurns)
              }
              onChange={(event) => {
                const value = event.target.value;
                onChange((current) => ({ ...current, qwen: { ...current.qwen, fork_turns: value } }));
              }}
              aria-label="Number of real user turns to inherit"
              data-testid="turns-slider"
              disabled={props.realTurns === 0}
            />
          </div>
          {text(
            'subagent_type',
            selection.qwen.subagent_type,
            (value) => ({ ...selection, qwen: { ...selection.qwen, subagent_type: value } }),
            '"fork" for a fork; any other type is a regular subagent.',
          )}
          {text(
            'name',
            selection.qwen.name,
            (value) => ({ ...selection, qwen: { ...selection.qwen, name: value } }),
            'A teammate name: teammates never inherit history.',
          )}
        </fieldset>
      )}

      {selection.policy === 'kimi-fork' && (
        <fieldset className={styles.params}>
          <legend>Agent tool parameters</legend>
          <Field label="fork" name="fork" errors={errors}>
            {(id, describedBy) => (
              <select
                id={id}
                value={selection.kimi.fork}
                onChange={(event) => {
                  const fork = event.target.value as ForkSelection['kimi']['fork'];
                  onChange((current) => ({ ...current, kimi: { ...current.kimi, fork } }));
                }}
                aria-describedby={describedBy}
                data-testid="input-fork"
              >
                <option value="true">true</option>
                <option value="false">false</option>
                <option value="">(left out)</option>
              </select>
            )}
          </Field>
          {text(
            'resume',
            selection.kimi.resume,
            (value) => ({ ...selection, kimi: { ...selection.kimi, resume: value } }),
            'An agent id to continue; cannot be combined with fork.',
          )}
          {text(
            'subagent_type',
            selection.kimi.subagent_type,
            (value) => ({ ...selection, kimi: { ...selection.kimi, subagent_type: value } }),
            'A fork copies your own profile: leave out or name it.',
          )}
          {text(
            'model',
            selection.kimi.model,
            (value) => ({ ...selection, kimi: { ...selection.kimi, model: value } }),
            'A fork keeps your model: leave out or name it.',
          )}
          <Field label="notice" name="notice" errors={errors} hint="Where the child is told its history is inherited.">
            {(id, describedBy) => (
              <select
                id={id}
                value={selection.kimi.notice}
                onChange={(event) => {
                  const notice = event.target.value as KimiNoticeVariant;
                  onChange((current) => ({ ...current, kimi: { ...current.kimi, notice } }));
                }}
                aria-describedby={describedBy}
                data-testid="input-notice"
              >
                <option value="prompt-prefix">in front of the task (original)</option>
                <option value="system-reminder">as a system reminder (later)</option>
              </select>
            )}
          </Field>
        </fieldset>
      )}

      {selection.policy === 'deepseek-completed-turns' && (
        <fieldset className={styles.params}>
          <legend>Fork options</legend>
          {text(
            'maxDepth',
            selection.deepseek.maxDepth,
            (value) => ({ ...selection, deepseek: { ...selection.deepseek, maxDepth: value } }),
            'The deepest a child may be; the main agent is depth 0.',
            '3 (default)',
          )}
          {text(
            'persona',
            selection.deepseek.persona,
            (value) => ({ ...selection, deepseek: { ...selection.deepseek, persona: value } }),
            'Replaces the system instruction.',
          )}
          {text(
            'toolFilter',
            selection.deepseek.toolFilter,
            (value) => ({ ...selection, deepseek: { ...selection.deepseek, toolFilter: value } }),
            'Tool names, comma-separated, from the registry.',
            '(all of the parent’s tools)',
          )}
        </fieldset>
      )}

      <Field label="directive" name="directive" errors={errors} hint="The task for the child.">
        {(id, describedBy) => (
          <textarea
            id={id}
            value={selection.directive}
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

      <Field label="fork point" name="forkPoint" errors={errors} hint={`Fork as the parent stood after this many messages (0–${props.parentLength}).`}>
        {(id, describedBy) => (
          <div className={styles.inline}>
            <input
              id={id}
              type="number"
              min={0}
              max={props.parentLength}
              value={selection.forkPoint ?? props.parentLength}
              onChange={(event) => {
                const raw = event.target.value;
                const value = raw === '' ? null : Number(raw);
                onChange((current) => ({
                  ...current,
                  forkPoint: value === null || !Number.isFinite(value) ? null : value >= props.parentLength && Number.isInteger(value) ? null : value,
                }));
              }}
              aria-describedby={describedBy}
              data-testid="input-forkPoint"
            />
            <button
              type="button"
              onClick={() => onChange((current) => ({ ...current, forkPoint: null }))}
              disabled={selection.forkPoint === null}
              data-testid="fork-at-end"
            >
              At the end
            </button>
          </div>
        )}
      </Field>

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
        <select id={modelFieldId} value={props.modelId} onChange={(event) => props.onModelChange(event.target.value)} data-testid="model-select">
          {!knownModel && <option value={props.modelId}>{props.modelId} (not configured on this server)</option>}
          {props.models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
        </select>
        {props.models.find((model) => model.id === props.modelId)?.deterministic && (
          <p className={styles.hint} data-testid="model-note">
            A deterministic local model: it answers only by quoting what is in its own context, and calls a tool when asked by name. No key, no network.
          </p>
        )}
      </div>

      <div className={styles.launch}>
        <button type="submit" className={styles.primary} disabled={!props.canLaunch || props.launching} data-testid="launch">
          {props.launching ? 'Launching…' : 'Launch child'}
        </button>
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
