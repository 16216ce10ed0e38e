'use client';

import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import pageStyles from '@/components/playground/playground.module.css';
import { fetchScenario, sessionInit } from '@/components/playground/scenario-client';
import { useModels } from '@/components/playground/use-models';
import { SweepPanel } from '@/components/sweep/sweep-panel';
import {
  addVariant,
  type CompareSetup,
  defaultCompareSetup,
  duplicateVariant,
  MAX_VARIANTS,
  MIN_VARIANTS,
  moveVariant,
  removeVariant,
  updateVariant,
  variantLetter,
} from '@/lib/compare/compare-setup';
import { inheritanceGrid } from '@/lib/compare/inheritance-grid';
import { classifyMessages } from '@/lib/fork';
import type { Scenario } from '@/lib/scenarios/scenario';
import { hydrateWorkspace, useWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { fieldsOf } from '@/lib/workspace/fork-selection';
import { decodeUrlState } from '@/lib/workspace/url-state';
import { activeSession } from '@/lib/workspace/workspace-store';
import styles from './compare.module.css';
import { ContextDiffPanel } from './context-diff-panel';
import { InheritanceGridView } from './inheritance-grid-view';
import { RunAllBar } from './run-all-bar';
import { useComparePreviews } from './use-compare-previews';
import { useRunAll } from './use-run-all';
import { VariantCard } from './variant-card';

const newId = () => crypto.randomUUID().slice(0, 8);

export interface CompareViewProps {
  initialScenario: Scenario;
  defaultScenarioId: string;
}

/** The compare view: 2–8 forks of the current parent side by side, read against a baseline. */
export function CompareView({ initialScenario, defaultScenarioId }: CompareViewProps) {
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [onlyDiffering, setOnlyDiffering] = useState(false);
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

  const setup = session?.compare ?? null;
  const transcript = session?.transcript ?? null;
  const previews = useComparePreviews(transcript, setup);
  const classifications = useMemo(() => (transcript === null ? [] : classifyMessages(transcript.messages)), [transcript]);
  // Turns as the timeline numbers them: one per counted turn, prompts that continue it not again.
  const realTurns = useMemo(
    () => classifications.filter((classification) => classification.turnFromEnd !== undefined && classification.continuesTurnAt === undefined).length,
    [classifications],
  );
  const letters = useMemo(() => setup?.variants.map((_, index) => variantLetter(index)) ?? [], [setup]);
  const allPlanned = setup?.variants.every((variant) => previews.get(variant.id)?.status !== 'loading') === true;
  const grid = useMemo(() => {
    if (setup === null || transcript === null || !allPlanned) return null;
    return inheritanceGrid(
      transcript.messages.length,
      setup.variants.map((variant) => {
        const preview = previews.get(variant.id);
        if (preview?.status !== 'ok') return { rejected: true, ranges: [], request: [] };
        return { rejected: preview.preview.plan.errors.length > 0, ranges: preview.preview.plan.parent, request: preview.messages };
      }),
    );
  }, [setup, transcript, previews, allPlanned]);

  const accepted = useMemo(
    () =>
      setup?.variants
        .filter((variant) => {
          const preview = previews.get(variant.id);
          return preview?.status === 'ok' && preview.preview.plan.errors.length === 0 && preview.preview.plan.child !== null;
        })
        .map((variant) => variant.id) ?? [],
    [setup, previews],
  );
  const runs = useRunAll(accepted, ready && setup !== null);

  if (!ready || session === null || setup === null || transcript === null) {
    return (
      <main className={pageStyles.main}>
        <p className={styles.muted}>Loading the parent…</p>
      </main>
    );
  }
  const change = (next: CompareSetup) => workspaceStore.getState().setCompare(next);

  return (
    <main className={pageStyles.main} data-testid="compare-view" data-ready={allPlanned || undefined}>
      <header className={pageStyles.header}>
        <div>
          <h1>Compare forks</h1>
          <p className={styles.muted}>
            Parent: <strong data-testid="compare-parent">{session.title}</strong> · {transcript.messages.length.toLocaleString('en-US')} messages · {realTurns}{' '}
            real user turns
          </p>
        </div>
        <Link href="/" data-testid="back-to-playground">
          ← Playground
        </Link>
      </header>
      {notice === null ? null : (
        <p className={styles.error} role="alert">
          {notice}
        </p>
      )}
      <label className={styles.directive}>
        <span>Directive (every variant’s child gets it)</span>
        <textarea value={setup.directive} rows={2} onChange={(event) => change({ ...setup, directive: event.target.value })} data-testid="compare-directive" />
      </label>
      <RunAllBar setup={setup} accepted={accepted} onRunAll={runs.runAll} onStopAll={runs.stopAll} />
      <div className={styles.cards} data-testid="variant-cards">
        {setup.variants.map((variant, index) => (
          <VariantCard
            key={variant.id}
            letter={letters[index]!}
            variant={variant}
            preview={previews.get(variant.id)}
            baseline={variant.id === setup.baselineId}
            first={index === 0}
            last={index === setup.variants.length - 1}
            canAdd={setup.variants.length < MAX_VARIANTS}
            canRemove={setup.variants.length > MIN_VARIANTS}
            realTurns={realTurns}
            parentLength={transcript.messages.length}
            models={models}
            onChange={(update) => change(updateVariant(setup, variant.id, update))}
            onBaseline={() => change({ ...setup, baselineId: variant.id })}
            onMove={(by) => change(moveVariant(setup, variant.id, by))}
            onDuplicate={() => change(duplicateVariant(setup, variant.id, newId))}
            onRemove={() => change(removeVariant(setup, variant.id))}
            run={setup.runs?.[variant.id]}
            liveText={runs.liveText[variant.id]}
            onStopRun={() => runs.stop(variant.id)}
          />
        ))}
        {setup.variants.length < MAX_VARIANTS ? (
          <button type="button" className={styles.addVariant} onClick={() => change(addVariant(setup, newId))} data-testid="add-variant">
            + Add variant
          </button>
        ) : null}
      </div>
      <section aria-label="Inheritance grid" className={styles.gridSection}>
        <div className={styles.diffControls}>
          <h2>Inheritance</h2>
          <p className={styles.muted} data-testid="grid-summary">
            {grid === null ? 'Planning…' : `${grid.differing} of ${grid.rows.length} rows differ between the variants the runtimes accept.`}
          </p>
          <label className={styles.inline}>
            <input type="checkbox" checked={onlyDiffering} onChange={(event) => setOnlyDiffering(event.target.checked)} data-testid="only-differing" />
            <span>Only rows that differ</span>
          </label>
        </div>
        {grid === null ? null : (
          <InheritanceGridView grid={grid} letters={letters} onlyDiffering={onlyDiffering} messages={transcript.messages} classifications={classifications} />
        )}
      </section>
      <ContextDiffPanel
        choices={setup.variants.map((variant, index) => ({ id: variant.id, letter: letters[index]!, preview: previews.get(variant.id) }))}
        baselineId={setup.baselineId}
      />
      <SweepPanel
        transcript={transcript}
        revision={session.revision}
        parentTitle={session.title}
        directive={setup.directive}
        sweeps={session.sweeps ?? []}
        models={models}
      />
    </main>
  );
}
