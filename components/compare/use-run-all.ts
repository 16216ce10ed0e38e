'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { stopChildRunAction } from '@/app/actions/run-actions';
import { launchChild } from '@/components/playground/fork-client';
import type { RunEvent } from '@/lib/agent/run-record';
import { type CompareRun, type CompareSetup, variantRequest } from '@/lib/compare/compare-setup';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import { activeSession } from '@/lib/workspace/workspace-store';

/** Children of one "Run all" on the server at once: the rest wait their turn. */
export const RUN_ALL_CONCURRENCY = 3;

const SETTLED = new Set(['finished', 'failed', 'stopped', 'interrupted']);

function currentCompare(): CompareSetup | undefined {
  return activeSession(workspaceStore.getState())?.compare;
}

/** Change one variant's run in the saved compare (read fresh: several runs report at once). */
function updateRun(variantId: string, patch: Partial<CompareRun>): void {
  const compare = currentCompare();
  const previous = compare?.runs?.[variantId];
  if (compare === undefined || (previous === undefined && patch.runId === undefined)) return;
  const next = { ...previous, ...patch } as CompareRun;
  workspaceStore.getState().setCompare({ ...compare, runs: { ...compare.runs, [variantId]: next } });
}

/**
 * "Run all": every variant the runtime accepts launched as a child with the compare's directive,
 * at most {@link RUN_ALL_CONCURRENCY} at a time, each stoppable, its live text shown as it streams
 * and its final output saved with the compare. The runs are the compare's own: they do not write
 * the parent's Agent call or answer it, so the parent every variant is planned on stays the same.
 */
export function useRunAll(accepted: readonly string[], ready: boolean) {
  const [liveText, setLiveText] = useState<Record<string, string>>({});
  const queue = useRef<string[]>([]);
  const active = useRef(0);
  const sources = useRef(new Map<string, EventSource>());

  const watch = useCallback((variantId: string, runId: string) => {
    return new Promise<void>((resolve) => {
      const source = new EventSource(`/api/runs/${encodeURIComponent(runId)}/events`);
      sources.current.set(variantId, source);
      const settle = (patch: Partial<CompareRun>) => {
        updateRun(variantId, patch);
        setLiveText(({ [variantId]: _, ...rest }) => rest);
        source.close();
        sources.current.delete(variantId);
        resolve();
      };
      source.onmessage = (message) => {
        const event = JSON.parse(message.data as string) as RunEvent;
        if (event.type === 'text-delta') setLiveText((previous) => ({ ...previous, [variantId]: (previous[variantId] ?? '') + event.text }));
        if (event.type === 'message') setLiveText(({ [variantId]: _, ...rest }) => rest);
        const status =
          event.type === 'status'
            ? event
            : event.type === 'snapshot'
              ? { status: event.run.status, finalOutput: event.run.finalOutput, error: event.run.error }
              : null;
        if (status !== null && SETTLED.has(status.status)) settle({ status: status.status, output: status.finalOutput, error: status.error });
      };
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) settle({ status: 'failed', error: 'The server has no record of this run any more.' });
      };
    });
  }, []);

  const start = useCallback(
    async (variantId: string) => {
      const compare = currentCompare();
      const session = activeSession(workspaceStore.getState());
      const variant = compare?.variants.find((candidate) => candidate.id === variantId);
      if (compare === undefined || session === null || variant === undefined) return;
      const request = variantRequest(variant, compare.directive);
      const runId = `compare-${variantId}-${Date.now().toString(36)}`;
      updateRun(variantId, { runId, requestKey: JSON.stringify(request), modelId: variant.modelId, status: 'running', output: null, error: null });
      try {
        const { answer } = await launchChild(session.transcript, request, {
          childId: runId,
          name: `compare ${variantId}`,
          modelId: variant.modelId,
          sessionId: session.id,
        });
        if (answer.status !== 'ok') throw new Error(answer.message);
      } catch (error) {
        updateRun(variantId, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
        return;
      }
      await watch(variantId, runId);
    },
    [watch],
  );

  const pump = useCallback(() => {
    while (active.current < RUN_ALL_CONCURRENCY && queue.current.length > 0) {
      const next = queue.current.shift()!;
      active.current += 1;
      void start(next).finally(() => {
        active.current -= 1;
        pump();
      });
    }
  }, [start]);

  const runAll = useCallback(() => {
    const waiting = accepted.filter((id) => !queue.current.includes(id) && currentCompare()?.runs?.[id]?.status !== 'running');
    for (const id of waiting) updateRun(id, { runId: `queued-${id}`, requestKey: '', modelId: '', status: 'queued', output: null, error: null });
    queue.current.push(...waiting);
    pump();
  }, [accepted, pump]);

  const stop = useCallback((variantId: string) => {
    if (queue.current.includes(variantId)) {
      queue.current = queue.current.filter((id) => id !== variantId);
      updateRun(variantId, { status: 'skipped' });
      return;
    }
    const run = currentCompare()?.runs?.[variantId];
    if (run?.status === 'running') void stopChildRunAction({ runId: run.runId });
  }, []);

  // After a reload: a run still going is watched again; one that was waiting never started.
  useEffect(() => {
    if (!ready) return;
    for (const [variantId, run] of Object.entries(currentCompare()?.runs ?? {})) {
      if (run.status === 'running' && !sources.current.has(variantId)) void watch(variantId, run.runId);
      if (run.status === 'queued' && !queue.current.includes(variantId)) updateRun(variantId, { status: 'skipped' });
    }
    const open = sources.current;
    return () => {
      for (const source of open.values()) source.close();
    };
  }, [watch, ready]);

  return { runAll, stop, stopAll: () => [...accepted].forEach(stop), liveText };
}
