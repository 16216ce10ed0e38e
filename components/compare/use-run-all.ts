'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { stopChildRunAction } from '@/app/actions/run-actions';
import { launchChild } from '@/components/playground/fork-client';
import { type CompareRun, type CompareSetup, variantRequest } from '@/lib/compare/compare-setup';
import { RunQueue } from '@/lib/compare/run-queue';
import type { RunEvent } from '@/lib/fork-exchange/run-record';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import type { ParentSession } from '@/lib/workspace/workspace';

/** Children of one "Run all" on the server at once: the rest wait their turn. */
export const RUN_ALL_CONCURRENCY = 3;

const SETTLED = new Set(['finished', 'failed', 'stopped', 'interrupted']);

function sessionOf(sessionId: string): ParentSession | undefined {
  return workspaceStore.getState().sessions[sessionId];
}

function compareOf(sessionId: string): CompareSetup | undefined {
  return sessionOf(sessionId)?.compare;
}

/**
 * Change one variant's run in its session's saved compare, read fresh (several runs report at
 * once) and written to that session even if the person has opened another parent since.
 */
function updateRun(sessionId: string, variantId: string, patch: Partial<CompareRun>): void {
  const compare = compareOf(sessionId);
  const previous = compare?.runs?.[variantId];
  if (compare === undefined || (previous === undefined && patch.runId === undefined)) return;
  workspaceStore.getState().setCompare({ ...compare, runs: { ...compare.runs, [variantId]: { ...previous, ...patch } as CompareRun } }, sessionId);
}

/**
 * "Run all": every variant the runtime accepts launched as a child with the compare's directive,
 * at most {@link RUN_ALL_CONCURRENCY} at a time, each stoppable, its live text shown as it streams
 * and its final output saved with the compare. The runs are the compare's own: they do not write
 * the parent's Agent call or answer it, so the parent every variant is planned on stays the same.
 * Leaving the view ends the queue (what has not started is skipped); runs already going keep going
 * on the server and are watched again on return.
 */
export function useRunAll(sessionId: string | null, accepted: readonly string[]) {
  const [liveText, setLiveText] = useState<Record<string, string>>({});
  const queue = useRef<RunQueue<string> | null>(null);
  const disposed = useRef(false);
  const sources = useRef(new Map<string, { source: EventSource; settle: () => void }>());
  const launching = useRef(new Set<string>());
  const stopWanted = useRef(new Set<string>());

  const watch = useCallback((session: string, variantId: string, runId: string) => {
    return new Promise<void>((resolve) => {
      const source = new EventSource(`/api/runs/${encodeURIComponent(runId)}/events`);
      const close = () => {
        source.close();
        sources.current.delete(variantId);
        resolve();
      };
      sources.current.set(variantId, { source, settle: close });
      const settle = (patch: Partial<CompareRun>) => {
        updateRun(session, variantId, patch);
        setLiveText(({ [variantId]: _, ...rest }) => rest);
        close();
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
    async (session: string, variantId: string) => {
      const parent = sessionOf(session);
      const compare = parent?.compare;
      const variant = compare?.variants.find((candidate) => candidate.id === variantId);
      if (parent === undefined || compare === undefined || variant === undefined) return;
      const request = variantRequest(variant, compare.directive);
      const runId = `compare-${variantId}-${Date.now().toString(36)}`;
      updateRun(session, variantId, { runId, requestKey: JSON.stringify(request), modelId: variant.modelId, status: 'running', output: null, error: null });
      launching.current.add(variantId);
      try {
        const child = { childId: runId, name: `compare ${variantId}`, modelId: variant.modelId, sessionId: session };
        const { answer } = await launchChild(parent.transcript, request, child);
        if (answer.status !== 'ok') throw new Error(answer.message);
      } catch (error) {
        updateRun(session, variantId, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
        return;
      } finally {
        launching.current.delete(variantId);
      }
      // Stop was pressed while the server was still starting it: stop it now that it exists.
      if (stopWanted.current.delete(variantId)) void stopChildRunAction({ runId });
      if (!disposed.current) await watch(session, variantId, runId);
    },
    [watch],
  );

  const runAll = useCallback(() => {
    const runs = queue.current;
    if (sessionId === null || runs === null) return;
    const busy = (id: string) => runs.has(id) || launching.current.has(id) || compareOf(sessionId)?.runs?.[id]?.status === 'running';
    const waiting = accepted.filter((id) => !busy(id));
    for (const id of waiting) updateRun(sessionId, id, { runId: `queued-${id}`, requestKey: '', modelId: '', status: 'queued', output: null, error: null });
    runs.push(...waiting);
  }, [accepted, sessionId]);

  const stop = useCallback(
    (variantId: string) => {
      if (sessionId === null) return;
      if (queue.current?.remove(variantId)) {
        updateRun(sessionId, variantId, { status: 'skipped' });
        return;
      }
      if (launching.current.has(variantId)) {
        stopWanted.current.add(variantId);
        return;
      }
      const run = compareOf(sessionId)?.runs?.[variantId];
      if (run?.status === 'running') void stopChildRunAction({ runId: run.runId });
    },
    [sessionId],
  );

  // On arrival: a run still going is watched again, one that was waiting never started. On leaving:
  // nothing more starts, and the streams close (the runs go on on the server).
  useEffect(() => {
    if (sessionId === null) return;
    disposed.current = false;
    const runs = new RunQueue<string>(RUN_ALL_CONCURRENCY, (variantId) => start(sessionId, variantId));
    queue.current = runs;
    for (const [variantId, run] of Object.entries(compareOf(sessionId)?.runs ?? {})) {
      if (run.status === 'running' && !sources.current.has(variantId) && !launching.current.has(variantId)) void watch(sessionId, variantId, run.runId);
      if (run.status === 'queued') updateRun(sessionId, variantId, { status: 'skipped' });
    }
    const open = sources.current;
    return () => {
      disposed.current = true;
      for (const variantId of runs.dispose()) updateRun(sessionId, variantId, { status: 'skipped' });
      queue.current = null;
      for (const { settle } of [...open.values()]) settle();
    };
  }, [sessionId, watch, start]);

  return { runAll, stop, stopAll: () => [...accepted].forEach(stop), liveText };
}
