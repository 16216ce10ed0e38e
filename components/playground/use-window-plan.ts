'use client';

import { useEffect, useMemo } from 'react';
import { type ForkRequest, type ParentTranscript, parseForkRequest } from '@/lib/fork';
import { neighbourRequests, type WindowPlan, windowPlanOf } from '@/lib/view/window-plan';

// Windows already planned, per parent (a transcript object names one content: an edit replaces it)
// and per request. A window comes back often (`]` then `[`, back to the one typed before).
const planned = new WeakMap<ParentTranscript, Map<string, WindowPlan | null>>();
const PLANS_PER_PARENT = 16;

function plannedWindow(transcript: ParentTranscript, key: string): WindowPlan | null {
  const known = planned.get(transcript) ?? new Map<string, WindowPlan | null>();
  planned.set(transcript, known);
  if (known.has(key)) return known.get(key)!;
  const plan = windowPlanOf(transcript, parseForkRequest(JSON.parse(key)));
  known.set(key, plan);
  if (known.size > PLANS_PER_PARENT) known.delete(known.keys().next().value!);
  return plan;
}

/**
 * How long the controls rest before the windows a key away are planned: a plan cannot be cut short,
 * and one under way when the next key comes would hold that key back.
 */
const ASK_AHEAD_AFTER_MS = 400;

/**
 * The fork's window, planned here in the page by the same engine the server runs. The server's
 * plan brings the counts and the forecast; waiting for it to move the window cost a round trip per
 * key press (174 ms median on a 10,000-message parent), while the engine draws the window in a few
 * milliseconds. The windows a key press away are planned once the controls rest, so `[`, `]` and
 * `a` find theirs ready, and a window comes back from the cache: on that parent a plan is the
 * largest part of a key press's own work.
 */
export function useWindowPlan(transcript: ParentTranscript | null, request: ForkRequest | null): WindowPlan | null {
  // The request's content, not its object: each key typed in the directive makes a new object
  // with the same values (the directive is planned once typing pauses), which must not re-plan.
  const requestKey = JSON.stringify(request);
  const plan = useMemo(() => (transcript === null || requestKey === 'null' ? null : plannedWindow(transcript, requestKey)), [transcript, requestKey]);
  useEffect(() => {
    if (transcript === null || requestKey === 'null' || plan === null) return;
    const ahead = neighbourRequests(parseForkRequest(JSON.parse(requestKey)), plan.window?.realTurns ?? 1);
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      const request = ahead.shift();
      if (request === undefined) return;
      plannedWindow(transcript, JSON.stringify(request));
      timer = setTimeout(next, 0);
    };
    timer = setTimeout(next, ASK_AHEAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [transcript, requestKey, plan]);
  return plan;
}
