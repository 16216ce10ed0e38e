'use client';

import { useMemo, useRef, useState } from 'react';
import { PROVIDER_RULES, type ProviderId, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { providerRulesSchema } from '@/lib/provider-cache/provider-rules-schema';
import { useWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { effectiveProviderRules } from '@/lib/workspace/provider-rules-choice';
import styles from './provider-cache.module.css';

/**
 * The rules a forecast sends, null when the workspace changed nothing (the server's shipped ones
 * apply): the edited rules or the shipped ones, with the model picked for each provider.
 */
export function useForecastRules(): ProviderRules | null {
  const providerRules = useWorkspace((workspace) => workspace.providerRules);
  const providerModels = useWorkspace((workspace) => workspace.providerModels);
  return useMemo(() => effectiveProviderRules({ providerRules, providerModels }), [providerRules, providerModels]);
}

/** The rules the forecast uses, and whether the workspace edited them (a picked model is not an edit). */
export function useProviderRules(): { rules: ProviderRules; edited: boolean } {
  const forecast = useForecastRules();
  const edited = useWorkspace((workspace) => workspace.providerRules !== null);
  return { rules: forecast ?? PROVIDER_RULES, edited };
}

/** Pick which of a provider's models the forecast uses, kept in the workspace's rules. */
export function ModelChoice({ provider, model }: { provider: ProviderId; model: string }) {
  const { rules } = useProviderRules();
  const models = rules.models.filter((entry) => entry.provider === provider);
  return (
    <select
      aria-label={`${provider} model for the forecast`}
      data-testid="forecast-model"
      value={model}
      onChange={(event) => workspaceStore.getState().setProviderModel(provider, event.target.value)}
    >
      {models.map((entry) => (
        <option key={entry.model} value={entry.model}>
          {entry.model}
        </option>
      ))}
    </select>
  );
}

/**
 * The rules and prices as JSON, to correct a price or add a model for this workspace: checked
 * against the rules' schema before they are kept, with every problem named by its path.
 */
export function ProviderRulesEditor() {
  const { rules, edited } = useProviderRules();
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const open = () => {
    setText(JSON.stringify(rules, null, 2));
    setProblems([]);
    dialog.current?.showModal();
  };
  const save = () => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      setProblems([`Not JSON: ${error instanceof Error ? error.message : String(error)}`]);
      return;
    }
    const parsed = providerRulesSchema.safeParse(value);
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the rules)'}: ${issue.message}`));
      return;
    }
    // The JSON's defaults are the models shown: they replace any picked one.
    for (const [provider, model] of Object.entries(parsed.data.defaults)) workspaceStore.getState().setProviderModel(provider as ProviderId, model);
    workspaceStore.getState().setProviderRules(parsed.data);
    dialog.current?.close();
  };

  return (
    <div className={styles.sources}>
      {edited ? 'Rules and prices edited in this workspace. ' : 'Rules and prices as Fork Lab ships them, each with its source and the day it was read. '}
      <button type="button" onClick={open} data-testid="edit-provider-rules">
        Edit rules and prices…
      </button>{' '}
      {edited && (
        <button type="button" onClick={() => workspaceStore.getState().setProviderRules(null)} data-testid="reset-provider-rules">
          Use the shipped ones
        </button>
      )}
      <dialog ref={dialog} className={styles.editor} aria-label="Provider cache rules and prices" data-testid="provider-rules-dialog">
        <p>
          Prices are US dollars per million tokens; <code>null</code> is a price nobody verified. Change a <code>checked</code> date with what you change.
        </p>
        <textarea value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} aria-label="Rules JSON" data-testid="provider-rules-json" />
        {problems.length > 0 && (
          <ul role="alert" data-testid="provider-rules-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div>
          <button type="button" onClick={save} data-testid="save-provider-rules">
            Keep for this workspace
          </button>{' '}
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  );
}
