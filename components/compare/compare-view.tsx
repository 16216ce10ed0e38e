'use client';

import { useEffect, useState } from 'react';
import pageStyles from '@/components/playground/playground.module.css';
import { fetchScenario, sessionInit } from '@/components/playground/scenario-client';
import { useModels } from '@/components/playground/use-models';
import { defaultCompareSetup } from '@/lib/compare/compare-setup';
import type { Scenario } from '@/lib/scenarios/scenario';
import { hydrateWorkspace, useWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { fieldsOf } from '@/lib/workspace/fork-selection';
import { decodeUrlState } from '@/lib/workspace/url-state';
import { activeSession } from '@/lib/workspace/workspace-store';
import styles from './compare.module.css';
import { CompareWorkbench } from './compare-workbench';
import { ShareButton } from './share-button';

const newId = () => crypto.randomUUID().slice(0, 8);

export interface CompareViewProps {
  initialScenario: Scenario;
  defaultScenarioId: string;
}

/** The compare view: 2–8 forks of the current parent side by side, read against a baseline. */
export function CompareView({ initialScenario, defaultScenarioId }: CompareViewProps) {
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const session = useWorkspace(activeSession);
  const modelId = useWorkspace((state) => state.modelId);
  const models = useModels();

  // The parent is the playground's: the saved workspace's open session, or the scenario the URL names.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await hydrateWorkspace();
      const url = decodeUrlState(window.location.search);
      if (url.scenarioId !== null) {
        const scenario = await fetchScenario(url.scenarioId, initialScenario);
        if (scenario === null) setNotice(`There is no scenario called “${url.scenarioId}”.`);
        else workspaceStore.getState().openSession(sessionInit(scenario));
      }
      if (activeSession(workspaceStore.getState()) === null) {
        const scenario = await fetchScenario(defaultScenarioId, initialScenario);
        if (scenario !== null) workspaceStore.getState().openSession(sessionInit(scenario));
      }
      if (!cancelled) setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [initialScenario, defaultScenarioId]);

  // A parent opened here for the first time gets a compare built from its playground fork, saved at once.
  useEffect(() => {
    if (!ready || session === null || session.compare !== undefined) return;
    const selection = session.selection;
    workspaceStore
      .getState()
      .setCompare(
        defaultCompareSetup(
          { policy: selection.policy, values: fieldsOf(selection), forkPoint: selection.forkPoint, directive: selection.directive },
          modelId,
          newId,
        ),
      );
  }, [ready, session, modelId]);

  if (!ready || session === null || session.compare === undefined) {
    return (
      <main className={pageStyles.main}>
        <p className={styles.muted}>Loading the parent…</p>
      </main>
    );
  }
  return (
    <>
      {notice === null ? null : (
        <p className={styles.error} role="alert">
          {notice}
        </p>
      )}
      <CompareWorkbench
        sessionId={session.id}
        title={session.title}
        transcript={session.transcript}
        revision={session.revision}
        setup={session.compare}
        sweeps={session.sweeps ?? []}
        probes={session.source.kind === 'scenario' ? (session.source.probes ?? []) : []}
        models={models}
        onChange={(next) => workspaceStore.getState().setCompare(next, session.id)}
        actions={<ShareButton session={session} />}
      />
    </>
  );
}
