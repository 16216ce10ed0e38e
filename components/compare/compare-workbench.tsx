'use client';

import { Plus } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import pageStyles from '@/components/playground/playground.module.css';
import { SweepPanel } from '@/components/sweep/sweep-panel';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { showUndoToast } from '@/components/ui/undo-toast';
import type { ModelOption } from '@/lib/ai/providers';
import {
  addVariant,
  type CompareSetup,
  duplicateVariant,
  MAX_VARIANTS,
  MIN_VARIANTS,
  moveVariant,
  removeVariant,
  restoreVariant,
  updateVariant,
  variantLetter,
  variantRemoval,
} from '@/lib/compare/compare-setup';
import { disagreements } from '@/lib/compare/disagreements';
import { type InheritanceGrid, inheritanceGrid } from '@/lib/compare/inheritance-grid';
import { classifyMessages, DIRECTIVE_MAX_CHARS, type ParentTranscript } from '@/lib/fork';
import type { ScenarioProbe } from '@/lib/scenarios/scenario';
import type { SweepRecord } from '@/lib/sweep/sweep-record';
import styles from './compare.module.css';
import { ContextDiffPanel } from './context-diff-panel';
import { DisagreementSummary } from './disagreement-summary';
import { FamilyCachePanel } from './family-cache-panel';
import { InheritanceGridView } from './inheritance-grid-view';
import { RunAllBar } from './run-all-bar';
import { useComparePreviews } from './use-compare-previews';
import { useRunAll } from './use-run-all';
import { VariantCard } from './variant-card';
import { VariantCharts } from './variant-charts';
import { VariantStrip } from './variant-strip';

const newId = () => crypto.randomUUID().slice(0, 8);
const NO_VARIANTS: readonly string[] = [];

export interface CompareWorkbenchProps {
  /** The workspace session this compare belongs to; null for a shared snapshot. */
  sessionId: string | null;
  title: string;
  transcript: ParentTranscript;
  /** The parent's revision: a sweep run on an earlier one says so. */
  revision: number;
  setup: CompareSetup;
  sweeps: readonly SweepRecord[];
  /** The facts the parent states (a scenario's probes): the sweep's first check asks for one. */
  probes?: readonly ScenarioProbe[];
  models: readonly ModelOption[];
  /** Where an edit goes; null shows the compare read-only (a shared snapshot). */
  onChange: ((setup: CompareSetup) => void) | null;
  /** Links and buttons beside the title. */
  actions: ReactNode;
}

/**
 * The compare itself: the directive, the variants side by side, the inheritance grid, the context
 * diff and the sweep, for one parent and one compare setup — the person's own, or a shared one.
 */
export function CompareWorkbench({ sessionId, title, transcript, revision, setup, sweeps, probes = [], models, onChange, actions }: CompareWorkbenchProps) {
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  // A pattern of disagreement picked above the grid: the grid shows its rows alone.
  const [pattern, setPattern] = useState<{ key: string; rows: ReadonlySet<number>; grid: InheritanceGrid } | null>(null);
  const readOnly = onChange === null;
  const previews = useComparePreviews(transcript, setup);
  const classifications = useMemo(() => classifyMessages(transcript.messages), [transcript]);
  // Turns as the timeline numbers them: one per counted turn, prompts that continue it not again.
  const realTurns = useMemo(
    () => classifications.filter((classification) => classification.turnFromEnd !== undefined && classification.continuesTurnAt === undefined).length,
    [classifications],
  );
  const letters = useMemo(() => setup.variants.map((_, index) => variantLetter(index)), [setup]);
  const allPlanned = setup.variants.every((variant) => previews.get(variant.id)?.status !== 'loading') === true;
  const grid = useMemo(() => {
    if (!allPlanned) return null;
    return inheritanceGrid(
      transcript.messages.length,
      setup.variants.map((variant) => {
        const preview = previews.get(variant.id);
        if (preview?.status !== 'ok') return { rejected: true, ranges: [], request: [] };
        return { rejected: preview.preview.plan.errors.length > 0, ranges: preview.preview.plan.parent, request: preview.messages };
      }),
    );
  }, [setup, transcript, previews, allPlanned]);

  const baselineIndex = Math.max(
    0,
    setup.variants.findIndex((variant) => variant.id === setup.baselineId),
  );
  const found = useMemo(() => (grid === null ? null : disagreements(grid, letters, baselineIndex)), [grid, letters, baselineIndex]);

  // Positions in one grid mean nothing in the next: a pattern holds for the grid it was picked on.
  const picked = pattern !== null && pattern.grid === grid ? pattern : null;

  const accepted = useMemo(
    () =>
      setup.variants
        .filter((variant) => {
          const preview = previews.get(variant.id);
          return preview?.status === 'ok' && preview.preview.plan.errors.length === 0 && preview.preview.plan.child !== null;
        })
        .map((variant) => variant.id),
    [setup, previews],
  );
  const runs = useRunAll(readOnly ? null : sessionId, readOnly ? NO_VARIANTS : accepted);

  const change = (next: CompareSetup) => onChange?.(next);
  // A directive over the limit stays in the field, marked, and is not saved: the compare keeps the
  // last one it can save and read back, and plans with it.
  const [overlong, setOverlong] = useState<string | null>(null);
  const editDirective = (value: string) => {
    if (value.length > DIRECTIVE_MAX_CHARS) return setOverlong(value);
    setOverlong(null);
    change({ ...setup, directive: value });
  };
  // The way back from a removal applies to the compare as it is when Undo is pressed, not as it was.
  const latest = useRef(setup);
  useEffect(() => {
    latest.current = setup;
  });
  const remove = (id: string) => {
    const removal = variantRemoval(setup, id);
    if (removal === null) return;
    const letter = letters[removal.index]!;
    change(removeVariant(setup, id));
    showUndoToast({ message: `Variant ${letter} removed.`, undo: () => change(restoreVariant(latest.current, removal)), testId: 'remove-variant-undo' });
  };
  const baselineOutput = setup.runs?.[setup.baselineId]?.output ?? null;
  const baselineAnswer = baselineOutput === null ? null : { letter: letters[baselineIndex]!, output: baselineOutput };

  return (
    <main className={pageStyles.main} data-testid="compare-view" data-ready={allPlanned || undefined}>
      <header className={pageStyles.header}>
        <div>
          <h1>Compare forks</h1>
          <p className={styles.muted}>
            Parent: <strong data-testid="compare-parent">{title}</strong> · {transcript.messages.length.toLocaleString('en-US')} messages · {realTurns} real
            user turn{realTurns === 1 ? '' : 's'}
          </p>
        </div>
        <div className={styles.actions}>{actions}</div>
      </header>
      <label className={styles.directive}>
        <span>Directive (every variant’s child gets it)</span>
        <Textarea
          value={overlong ?? setup.directive}
          readOnly={readOnly}
          rows={2}
          onChange={(event) => editDirective(event.target.value)}
          aria-invalid={overlong !== null || undefined}
          aria-describedby={overlong === null ? undefined : 'compare-directive-error'}
          data-testid="compare-directive"
        />
        {overlong === null ? null : (
          <span id="compare-directive-error" className={styles.error} role="alert" data-testid="compare-directive-error">
            This directive is {overlong.length.toLocaleString('en-US')} characters; a compare takes up to {DIRECTIVE_MAX_CHARS.toLocaleString('en-US')}. The
            variants still use the last one that fit.
          </span>
        )}
      </label>
      <div className={styles.runAll}>
        <h2 className={styles.barHeading}>Variants</h2>
        {readOnly ? null : (
          <Button
            onClick={() => change(addVariant(setup, newId))}
            disabled={setup.variants.length >= MAX_VARIANTS}
            data-testid="add-variant"
            title={`Up to ${MAX_VARIANTS}`}
          >
            <Plus aria-hidden="true" className="size-3.5" /> Add variant
          </Button>
        )}
        {readOnly ? null : <RunAllBar setup={setup} accepted={accepted} onRunAll={runs.runAll} onStopAll={runs.stopAll} />}
      </div>
      {/* Not disabled when read-only: each card hides its editing buttons and its drawer disables its own fields, so "Parameters" still opens. */}
      <fieldset className={styles.cards} data-testid="variant-cards">
        <legend className={styles.hidden}>Variants</legend>
        {setup.variants.map((variant, index) => (
          <VariantCard
            key={variant.id}
            letter={letters[index]!}
            variant={variant}
            preview={previews.get(variant.id)}
            baseline={variant.id === setup.baselineId}
            readOnly={readOnly}
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
            onRemove={() => remove(variant.id)}
            run={setup.runs?.[variant.id]}
            liveText={runs.liveText[variant.id]}
            onStopRun={() => runs.stop(variant.id)}
            baselineAnswer={baselineAnswer}
          />
        ))}
      </fieldset>
      <section aria-labelledby="at-a-glance" className={styles.glance} data-testid="compare-glance">
        <h2 id="at-a-glance">At a glance</h2>
        <div className={styles.glanceBody}>
          <VariantStrip parentLength={transcript.messages.length} classifications={classifications} setup={setup} letters={letters} previews={previews} />
          <VariantCharts setup={setup} letters={letters} previews={previews} />
        </div>
      </section>
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
        {grid === null || found === null ? null : (
          <>
            <DisagreementSummary
              found={found}
              letters={letters}
              baseline={baselineIndex}
              selected={picked?.key ?? null}
              onSelect={(chosen) => setPattern(chosen === null ? null : { key: chosen.key, rows: new Set(chosen.rows), grid })}
            />
            <InheritanceGridView
              grid={grid}
              found={found}
              letters={letters}
              onlyDiffering={onlyDiffering}
              onlyRows={picked === null ? null : picked.rows}
              messages={transcript.messages}
              classifications={classifications}
            />
          </>
        )}
      </section>
      <FamilyCachePanel transcript={transcript} setup={setup} readOnly={readOnly} />
      <ContextDiffPanel
        choices={setup.variants.map((variant, index) => ({ id: variant.id, letter: letters[index]!, preview: previews.get(variant.id) }))}
        baselineId={setup.baselineId}
      />
      <SweepPanel
        sessionId={sessionId}
        transcript={transcript}
        revision={revision}
        parentTitle={title}
        directive={setup.directive}
        sweeps={sweeps}
        probes={probes}
        models={models}
        readOnly={readOnly}
      />
    </main>
  );
}
