'use client';

import { useState } from 'react';
import { reviveChildRunAction, stopChildRunAction } from '@/app/actions/run-actions';
import { Button } from '@/components/ui/button';
import { VisibleText } from '@/components/visible-text/visible-text';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import type { ChildRecord } from '@/lib/workspace/workspace';
import styles from './children.module.css';
import { FirstRequestUsage } from './first-request-usage';
import { useLiveText } from './use-run-events';

const STATUS_TEXT: Record<string, string> = {
  running: 'running',
  finished: 'finished',
  failed: 'failed',
  stopped: 'stopped',
  interrupted: 'interrupted (the server stopped while it ran)',
};

/** A child's run: its status, what it is writing now, and stop / revive. */
export function RunControls({ child }: { child: ChildRecord }) {
  const live = useLiveText(child.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = child.run;
  if (run === null) return <p className={styles.muted}>This child was planned but not run.</p>;

  async function stop() {
    setBusy(true);
    const answer = await stopChildRunAction({ runId: child.id });
    if (answer.status === 'ok' && !answer.stopped) setProblem('The server is not running this child any more.');
    setBusy(false);
  }

  async function revive() {
    setBusy(true);
    setProblem(null);
    const answer = await reviveChildRunAction({ runId: child.id });
    if (answer.status === 'ok') {
      workspaceStore.getState().applyRunEvent(child.id, { type: 'status', status: 'running', finalOutput: null, error: null });
    } else {
      setProblem(answer.status === 'refused' ? answer.message : answer.error);
    }
    setBusy(false);
  }

  return (
    <div className={styles.run} data-testid="child-run" data-status={run.status}>
      <p>
        <span className={`${styles.status} ${styles[`status-${run.status}`] ?? ''}`} data-testid="run-status">
          {STATUS_TEXT[run.status] ?? run.status}
        </span>{' '}
        <span className={styles.muted}>on {run.modelId}</span>
        {run.status === 'running' && (
          <Button onClick={stop} disabled={busy} data-testid="stop-run">
            Stop
          </Button>
        )}
        {(run.status === 'failed' || run.status === 'stopped' || run.status === 'interrupted') && (
          <Button onClick={revive} disabled={busy} data-testid="revive-run">
            {run.status === 'failed' ? 'Retry' : 'Revive and continue'}
          </Button>
        )}
      </p>
      <FirstRequestUsage run={run} />
      {run.error !== null && run.status !== 'running' && (
        <p role="alert" className={styles.bad} data-testid="run-error">
          {run.error}
        </p>
      )}
      {problem !== null && (
        <p role="alert" className={styles.bad} data-testid="run-problem">
          {problem}
        </p>
      )}
      {live !== '' && (
        <pre className={styles.live} data-testid="run-live" aria-live="polite">
          {live}
        </pre>
      )}
      {run.finalOutput !== null && (
        <div data-testid="run-output">
          <h3>Final output {run.deliveredToParent ? '(delivered to the parent)' : ''}</h3>
          <pre>
            <VisibleText text={run.finalOutput} />
          </pre>
        </div>
      )}
    </div>
  );
}
