'use client';

import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect, Textarea } from '@/components/ui/input';
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
    <NativeSelect
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
    </NativeSelect>
  );
}

/**
 * The rules and prices as JSON, to correct a price or add a model for this workspace: checked
 * against the rules' schema before they are kept, with every problem named by its path.
 */
export function ProviderRulesEditor() {
  const { rules, edited } = useProviderRules();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const open = () => {
    setText(JSON.stringify(rules, null, 2));
    setProblems([]);
    setEditing(true);
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
    setEditing(false);
  };

  return (
    <div className={styles.sources}>
      {edited ? 'Rules and prices edited in this workspace. ' : 'Rules and prices as Fork Lab ships them, each with its source and the day it was read. '}
      <Button onClick={open} data-testid="edit-provider-rules">
        Edit rules and prices…
      </Button>{' '}
      {edited && (
        <Button onClick={() => workspaceStore.getState().setProviderRules(null)} data-testid="reset-provider-rules">
          Use the shipped ones
        </Button>
      )}
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className={`[--dialog-width:880px] ${styles.editor}`} data-testid="provider-rules-dialog">
          <DialogTitle>Provider cache rules and prices</DialogTitle>
          <DialogDescription>
            Prices are US dollars per million tokens; <code>null</code> is a price nobody verified. Change a <code>checked</code> date with what you change.
          </DialogDescription>
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            aria-label="Rules JSON"
            data-testid="provider-rules-json"
          />
          {problems.length > 0 && (
            <ul role="alert" data-testid="provider-rules-problems">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button variant="primary" onClick={save} data-testid="save-provider-rules">
              Keep for this workspace
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
