'use client';

import { useEffect, useSyncExternalStore } from 'react';
import type { RunEvent } from '@/lib/fork-exchange/run-record';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import type { ChildRecord } from '@/lib/workspace/workspace';

// Streaming text is shown live but never stored: the journal and the store keep whole messages.
const liveText = new Map<string, string>();
const liveListeners = new Set<() => void>();
function setLive(childId: string, text: string | null) {
  if (text === null) liveText.delete(childId);
  else liveText.set(childId, text);
  for (const listener of liveListeners) listener();
}

/** The text a running child is writing right now, before its message is complete. */
export function useLiveText(childId: string): string {
  return useSyncExternalStore(
    (listener) => {
      liveListeners.add(listener);
      return () => liveListeners.delete(listener);
    },
    () => liveText.get(childId) ?? '',
    () => '',
  );
}

const SETTLED = new Set(['finished', 'failed', 'stopped', 'interrupted']);

/**
 * Watch every running child on the server: a reload re-attaches here, receiving a snapshot of
 * what the child did meanwhile and then its live events, which go into the store.
 */
export function useRunEvents(children: readonly ChildRecord[]): void {
  // The effect follows the list's content, not the array's identity: a store update that leaves
  // the same children running must not close and reopen their streams.
  const key = JSON.stringify(children.filter((child) => child.run?.status === 'running').map((child) => child.id));
  useEffect(() => {
    const running = JSON.parse(key) as string[];
    const sources = running.map((childId) => {
      const source = new EventSource(`/api/runs/${encodeURIComponent(childId)}/events`);
      source.onmessage = (message) => {
        const event = JSON.parse(message.data as string) as RunEvent;
        if (event.type === 'text-delta') {
          setLive(childId, (liveText.get(childId) ?? '') + event.text);
          return;
        }
        if (event.type === 'message') setLive(childId, null);
        if (event.type === 'snapshot') setLive(childId, event.partialText === '' ? null : event.partialText);
        workspaceStore.getState().applyRunEvent(childId, event);
        if ((event.type === 'status' && SETTLED.has(event.status)) || (event.type === 'snapshot' && SETTLED.has(event.run.status))) {
          setLive(childId, null);
          source.close();
        }
      };
      source.onerror = () => {
        // The stream ends when the run settles; an error while the run still shows running means
        // the server lost it (no such run) or went away — ask once whether it knows the run.
        if (source.readyState === EventSource.CLOSED) {
          void fetch(`/api/runs/${encodeURIComponent(childId)}/events`, { method: 'GET' }).then((response) => {
            if (response.status === 404) {
              workspaceStore.getState().applyRunEvent(childId, {
                type: 'status',
                status: 'failed',
                finalOutput: null,
                error: 'The server has no record of this run (its journal was removed), so it cannot be re-attached.',
              });
            }
            void response.body?.cancel();
          });
        }
      };
      return source;
    });
    return () => {
      for (const source of sources) source.close();
    };
  }, [key]);
}
