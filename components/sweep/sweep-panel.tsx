'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import type { ModelOption } from '@/lib/ai/providers';
import { FORK_RUNTIMES, type ForkPolicy, type ParentTranscript } from '@/lib/fork';
import type { ScenarioProbe } from '@/lib/scenarios/scenario';
import { CHECK_KINDS } from '@/lib/sweep/output-check';
import { splitChecks, splitWindows, sweepChecksProblem, sweepWindowsProblem } from '@/lib/sweep/sweep-form';
import type { SweepRecord, SweepSetup } from '@/lib/sweep/sweep-record';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import styles from './sweep.module.css';
import { runSweepOnServer } from './sweep-client';
import { SweepResults } from './sweep-results';

const WINDOWED = FORK_RUNTIMES.filter((runtime) => runtime.controls.window !== undefined);

/**
 * The last sweep's setup, else the first windowed runtime's windows, checked for the first fact the
 * parent states that the directive asks for (a scenario's probe): the child of a window that kept
 * its message names it.
 */
function firstSetup(latest: SweepRecord | undefined, probes: readonly ScenarioProbe[], directive: string): Omit<SweepSetup, 'directive'> {
  if (latest !== undefined) return latest.setup;
  const runtime = WINDOWED[0]!;
  const all = runtime.controls.window!.all;
  const asked = probes.find((probe) => directive.includes(probe.question));
  return {
    variants: { kind: 'windows', runtime: runtime.policy, windows: ['1', '2', '4', all] },
    checks: asked === undefined ? [] : [`contains:${asked.fact}`],
    modelId: 'offline',
  };
}

export interface SweepPanelProps {
  /** Where a finished sweep is kept: the session it ran on, even if another is open by then. */
  sessionId: string | null;
  transcript: ParentTranscript;
  revision: number;
  parentTitle: string;
  directive: string;
  sweeps: readonly SweepRecord[];
  /** The facts the parent states (a scenario's probes), each with the question that asks for it. */
  probes?: readonly ScenarioProbe[];
  models: readonly ModelOption[];
  /** A shared snapshot: its sweeps are shown, nothing is run. */
  readOnly?: boolean;
}

/**
 * The sweep: forks built from a range (a runtime's windows, or every runtime at its defaults), each
 * child run once with the compare's directive and its output checked; the finished sweeps are kept
 * with the parent.
 */
export function SweepPanel({ sessionId, transcript, revision, parentTitle, directive, sweeps, probes = [], models, readOnly = false }: SweepPanelProps) {
  const initial = firstSetup(sweeps[0], probes, directive);
  const [mode, setMode] = useState<'windows' | 'every-runtime'>(initial.variants.kind);
  const [runtime, setRuntime] = useState(initial.variants.kind === 'windows' ? initial.variants.runtime : WINDOWED[0]!.policy);
  const [windows, setWindows] = useState(initial.variants.kind === 'windows' ? initial.variants.windows.join(',') : '1,2,4,all');
  const [checks, setChecks] = useState(initial.checks.join('\n'));
  const [modelId, setModelId] = useState(initial.modelId);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const shown = sweeps.find((sweep) => sweep.id === shownId) ?? sweeps[0];
  // Checked as typed: what the sweep would refuse is said beside its field, and Run waits for it.
  const windowsProblem = mode === 'windows' ? sweepWindowsProblem(runtime as ForkPolicy, windows) : null;
  const checksProblem = sweepChecksProblem(checks);
  const directiveProblem = directive.trim() === '' ? 'Write the directive above first: every child of the sweep gets it.' : null;
  const blocked = windowsProblem ?? checksProblem ?? directiveProblem;

  const run = async () => {
    const setup: SweepSetup = {
      variants:
        mode === 'every-runtime'
          ? { kind: 'every-runtime' }
          : {
              kind: 'windows',
              runtime,
              windows: splitWindows(windows),
            },
      directive,
      checks: splitChecks(checks),
      modelId,
    };
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress('Starting…');
    try {
      const result = await runSweepOnServer(
        transcript,
        setup,
        (event) => {
          if (event.type === 'progress' && event.done < event.total) setProgress(`${event.done + 1} of ${event.total} · ${event.next}`);
        },
        controller.signal,
      );
      const record: SweepRecord = { id: crypto.randomUUID(), createdAt: new Date().toISOString(), parentRevision: revision, setup, result };
      if (sessionId !== null) workspaceStore.getState().addSweep(record, sessionId);
      setShownId(record.id);
    } catch (caught) {
      setError(controller.signal.aborted ? 'Stopped.' : caught instanceof Error ? caught.message : String(caught));
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  return (
    <section className={styles.panel} aria-label="Sweep" data-testid="sweep-panel">
      <h2>Sweep</h2>
      {readOnly ? null : (
        <>
          <div className={styles.form}>
            <label className={styles.field}>
              <span>Forks</span>
              <NativeSelect value={mode} onChange={(event) => setMode(event.target.value as typeof mode)} data-testid="sweep-mode">
                <option value="windows">one runtime, a list of windows</option>
                <option value="every-runtime">every runtime at its defaults</option>
              </NativeSelect>
            </label>
            {mode === 'windows' ? (
              <>
                <label className={styles.field}>
                  <span>Runtime</span>
                  <NativeSelect value={runtime} onChange={(event) => setRuntime(event.target.value)} data-testid="sweep-runtime">
                    {WINDOWED.map((candidate) => (
                      <option key={candidate.policy} value={candidate.policy}>
                        {candidate.name}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
                <label className={styles.field}>
                  <span>Windows ({FORK_RUNTIMES.find((candidate) => candidate.policy === runtime)?.controls.window?.field}, comma-separated)</span>
                  <Input
                    value={windows}
                    onChange={(event) => setWindows(event.target.value)}
                    aria-invalid={windowsProblem !== null || undefined}
                    aria-describedby={windowsProblem === null ? undefined : 'sweep-windows-error'}
                    data-testid="sweep-windows"
                    spellCheck={false}
                  />
                  {windowsProblem === null ? null : (
                    <span id="sweep-windows-error" className={styles.error} data-testid="sweep-windows-error">
                      {windowsProblem}
                    </span>
                  )}
                </label>
              </>
            ) : null}
            <label className={styles.field}>
              <span>Model</span>
              <NativeSelect value={modelId} onChange={(event) => setModelId(event.target.value)} data-testid="sweep-model">
                {models.map((model) => (
                  <option key={model.id} value={model.id}>
                    {model.label}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <label className={`${styles.field} ${styles.wide}`}>
              <span>
                Checks over each child’s final output, one per line ({CHECK_KINDS.join(', ')}: e.g. contains:heron-7731, regex:/\d+/, json-path:$.ok=true,
                max-output-tokens:200)
              </span>
              <Textarea
                value={checks}
                rows={3}
                placeholder="contains:heron-7731"
                onChange={(event) => setChecks(event.target.value)}
                aria-invalid={(checks.trim() !== '' && checksProblem !== null) || undefined}
                aria-describedby={checksProblem === null ? undefined : 'sweep-checks-error'}
                data-testid="sweep-checks"
                spellCheck={false}
              />
              {checksProblem === null ? null : (
                <span id="sweep-checks-error" className={checks.trim() === '' ? styles.muted : styles.error} data-testid="sweep-checks-error">
                  {checksProblem}
                </span>
              )}
            </label>
          </div>
          <p className={styles.muted}>Every child gets the compare’s directive: “{directive}”</p>
          <div className={styles.exports}>
            <Button
              onClick={() => void run()}
              disabled={progress !== null || blocked !== null}
              title={blocked ?? undefined}
              aria-describedby={blocked === null ? undefined : 'sweep-blocked'}
              data-testid="sweep-run"
            >
              Run sweep
            </Button>
            <Button onClick={() => running.current?.abort()} disabled={progress === null} data-testid="sweep-stop">
              Stop
            </Button>
            {blocked === null || progress !== null ? null : (
              <span id="sweep-blocked" className={styles.muted} data-testid="sweep-blocked">
                Run waits for {windowsProblem !== null ? 'the windows' : checksProblem !== null ? 'a check' : 'a directive'}.
              </span>
            )}
            {progress === null ? null : (
              <span role="status" data-testid="sweep-progress">
                {progress}
              </span>
            )}
          </div>
          {error === null ? null : (
            <p className={styles.error} role="alert" data-testid="sweep-error">
              {error}
            </p>
          )}
        </>
      )}
      {sweeps.length > 1 ? (
        <label className={styles.field}>
          <span>Earlier sweeps</span>
          <NativeSelect value={shown?.id} onChange={(event) => setShownId(event.target.value)} data-testid="sweep-history">
            {sweeps.map((sweep) => (
              <option key={sweep.id} value={sweep.id}>
                {new Date(sweep.createdAt).toLocaleString('en-GB')} ·{' '}
                {sweep.setup.variants.kind === 'windows' ? sweep.setup.variants.windows.join(',') : 'every runtime'} ·{' '}
                {sweep.result.smallestPassing ?? 'none passes'}
              </option>
            ))}
          </NativeSelect>
        </label>
      ) : null}
      {shown === undefined ? null : <SweepResults record={shown} parentTitle={parentTitle} stale={shown.parentRevision !== revision} />}
    </section>
  );
}
