'use client';

import { useDeferredValue, useMemo } from 'react';
import { useWorkspace } from '@/lib/workspace/browser-workspace';
import type { ParentSession } from '@/lib/workspace/workspace';
import { activeSession } from '@/lib/workspace/workspace-store';
import { sessionToDraw } from './session-to-draw';

/**
 * The active session as the playground draws it. The store reaches React through
 * useSyncExternalStore, which renders at once and in one piece: on a 10k parent a launch or a run
 * event would re-plan the window and redraw the timeline in one long task. So the session is drawn
 * from a deferred copy, which React renders as a transition, yielding to the browser between
 * components (`sessionToDraw` says which copy, and why).
 */
export function useDrawnSession(): ParentSession | null {
  const live = useWorkspace(activeSession);
  const deferred = useDeferredValue(live);
  return useMemo(() => sessionToDraw(live, deferred), [live, deferred]);
}
