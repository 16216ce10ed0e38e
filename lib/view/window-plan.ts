import { withAgentCall } from '@/lib/agent-call/agent-call';
import { type ForkPlan, type ForkRequest, type ParentTranscript, planFork } from '@/lib/fork';

/** What the timeline draws of a plan: where the window starts, what it says, and each parent row's fate. */
export type WindowPlan = Pick<ForkPlan, 'parent' | 'window'> & { forks: boolean };

/** What the timeline draws of a plan, from the server's or the page's own. */
export function windowPlanFrom(plan: Pick<ForkPlan, 'parent' | 'window'> & { child: object | null }): WindowPlan {
  return { parent: plan.parent, window: plan.window, forks: plan.child !== null };
}

/**
 * The fork's window as the server's preview plans it: the same engine, on the parent with the same
 * Agent call written. Null when the engine throws on the request (the server's answer says why).
 */
export function windowPlanOf(transcript: ParentTranscript, request: ForkRequest): WindowPlan | null {
  try {
    const atCall = withAgentCall(transcript, request);
    return windowPlanFrom(planFork(atCall.transcript, atCall.request));
  } catch {
    return null;
  }
}
