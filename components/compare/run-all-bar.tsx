'use client';

import { Button } from '@/components/ui/button';
import type { CompareSetup } from '@/lib/compare/compare-setup';
import styles from './compare.module.css';
import { RUN_ALL_CONCURRENCY } from './use-run-all';

/** Run every accepted variant as a child, and how far that has got. */
export function RunAllBar({ setup, accepted, onRunAll, onStopAll }: { setup: CompareSetup; accepted: readonly string[]; onRunAll(): void; onStopAll(): void }) {
  const runs = accepted.map((id) => setup.runs?.[id]).filter((run) => run !== undefined);
  const busy = runs.filter((run) => run.status === 'queued' || run.status === 'running').length;
  const done = runs.filter((run) => run.status !== 'queued' && run.status !== 'running').length;
  return (
    <div className={styles.runAll}>
      <Button onClick={onRunAll} disabled={accepted.length === 0 || busy > 0} data-testid="run-all">
        Run all ({accepted.length})
      </Button>
      <Button onClick={onStopAll} disabled={busy === 0} data-testid="stop-all">
        Stop all
      </Button>
      <span className={styles.muted} role="status" data-testid="run-all-progress">
        {runs.length === 0
          ? `Each variant the runtime accepts runs as a child on its model with the directive, ${RUN_ALL_CONCURRENCY} at a time.`
          : `${done} of ${runs.length} done${busy > 0 ? ` · ${busy} running or waiting` : ''}`}
      </span>
    </div>
  );
}
