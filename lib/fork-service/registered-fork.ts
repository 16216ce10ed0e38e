import 'server-only';
import { type ForkAtCall, withAgentCall } from '@/lib/agent-call/agent-call';
import { type ForkPlan, type ForkRequest, planFork } from '@/lib/fork';
import type { RegisteredParent } from './parent-cache';

/** A fork of a parent the server holds, as the runtime makes it at launch, and the engine's plan of it. */
export interface RegisteredFork extends ForkAtCall {
  parent: RegisteredParent;
  plan: ForkPlan;
}

/**
 * The fork a request makes of a registered parent: the parent with the Agent call written where
 * the runtime's model would write it, planned by the engine. Every answer the fork service gives
 * (a preview, a launch, a family's forecast, a provider's count) starts here.
 */
export function forkOf(parent: RegisteredParent, request: ForkRequest): RegisteredFork {
  const atCall = withAgentCall(parent.transcript, request);
  return { ...atCall, parent, plan: planFork(atCall.transcript, atCall.request) };
}
