'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import type { ModelOption } from '@/lib/ai/providers';
import { FORK_RUNTIMES, type ParentTranscript } from '@/lib/fork';
import { CHECK_KINDS } from '@/lib/sweep/output-check';
import type { SweepRecord, SweepSetup } from '@/lib/sweep/sweep-record';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import styles from './sweep.module.css';
import { runSweepOnServer } from './sweep-client';
import { SweepResults } from './sweep-results';

const WINDOWED = FORK_RUNTIMES.filter((runtime) => runtime.controls.window !== undefined);

function firstSetup(latest: SweepRecord | undefined): Omit<SweepSetup, 'directive'> {
  if (latest !== undefined) return latest.setup;
  const runtime = WINDOWED[0]!;
  const all = runtime.controls.window!.all;
  return {
    variants: { kind: 'windows', runtime: runtime.policy, windows: ['1', '2', '4', all] },
    checks: [],
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
  models: readonly ModelOption[];
  /** A shared snapshot: its sweeps are shown, nothing is run. */
  readOnly?: boolean;
}

/**
 * The sweep: forks built from a range (a runtime's windows, or every runtime at its defaults), each
 * child run once with the compare's directive and its output checked; the finished sweeps are kept
 * with the parent.
 */
export function SweepPanel({ sessionId, transcript, revision, parentTitle, directive, sweeps, models, readOnly = false }: SweepPanelProps) {
  const initial = firstSetup(sweeps[0]);
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

  const run = async () => {
    const setup: SweepSetup = {
      variants:
        mode === 'every-runtime'
          ? { kind: 'every-runtime' }
          : {
              kind: 'windows',
              runtime,
              windows: windows
                .split(',')
                .map((value) => value.trim())
                .filter((value) => value !== ''),
            },
      directive,
      checks: checks
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
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
                  <Input value={windows} onChange={(event) => setWindows(event.target.value)} data-testid="sweep-windows" spellCheck={false} />
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
                data-testid="sweep-checks"
                spellCheck={false}
              />
            </label>
          </div>
          <p className={styles.muted}>Every child gets the compare’s directive: “{directive}”</p>
          <div className={styles.exports}>
            <Button onClick={() => void run()} disabled={progress !== null} data-testid="sweep-run">
              Run sweep
            </Button>
            <Button onClick={() => running.current?.abort()} disabled={progress === null} data-testid="sweep-stop">
              Stop
            </Button>
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
