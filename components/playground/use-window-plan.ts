'use client';

import { useMemo } from 'react';
import { type ForkRequest, type ParentTranscript, parseForkRequest, runtimeOf } from '@/lib/fork';
import { type WindowPlan, windowPlanOf } from '@/lib/view/window-plan';

/**
 * The fork's window, planned here in the page by the same engine the server runs. The server's
 * plan brings the counts and the forecast; waiting for it to move the window cost a round trip per
 * key press (174 ms median on a 10,000-message parent), while the engine draws the window in a few
 * milliseconds. Only for a runtime with a window to move: one that forks the whole conversation
 * (Claude Code, Kimi) has no key that moves it, and planning it here copies every message into a
 * child the page throws away (270 ms on the main thread for a 70,000-message import), so its
 * timeline waits for the server's plan instead.
 */
export function useWindowPlan(transcript: ParentTranscript | null, request: ForkRequest | null): WindowPlan | null {
  // The request's content, not its object: each key typed in the directive makes a new object
  // with the same values (the directive is planned once typing pauses), which must not re-plan.
  const requestKey = JSON.stringify(request);
  const movable = request !== null && runtimeOf(request.policy).controls.window !== undefined;
  return useMemo(
    () => (transcript === null || requestKey === 'null' || !movable ? null : windowPlanOf(transcript, parseForkRequest(JSON.parse(requestKey)))),
    [transcript, requestKey, movable],
  );
}
