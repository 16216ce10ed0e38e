'use client';

import { useDeferredValue, useMemo } from 'react';
import { useWorkspace } from '@/lib/workspace/browser-workspace';
import type { ParentSession } from '@/lib/workspace/workspace';
import { activeSession } from '@/lib/workspace/workspace-store';

/**
 * The active session as the playground draws it. The store reaches React through
 * useSyncExternalStore, which renders at once and in one piece: on a 10k parent a launch or a run
 * event would re-plan the window and redraw the timeline in one long task. So the parent and its
 * children are drawn from a deferred copy, which React renders as a transition, yielding to the
 * browser between components. The selection stays live: its fields are controlled inputs, and a
 * deferred value would put the old text back under the person's cursor for a frame.
 */
export function useDrawnSession(): ParentSession | null {
  const live = useWorkspace(activeSession);
  const deferred = useDeferredValue(live);
  const selection = live?.selection;
  return useMemo(() => {
    // Another session (a scenario switch, an import) is drawn whole at once: never two sessions mixed.
    if (live === null || deferred === null || deferred.id !== live.id) return live;
    return deferred.selection === selection ? deferred : { ...deferred, selection: selection! };
  }, [live, deferred, selection]);
}
