import 'server-only';
import { buildBootstrapRecord, type ForkRequest } from '@/lib/fork';
import type { ChildLaunch } from '@/lib/fork-exchange/answers';
import { PROVIDER_RULES, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { childTokenReport, initialMessageTokens } from '@/lib/tokens/child-token-report';
import { forkCacheFor } from './fork-cache';
import { parentCache } from './parent-cache';
import { type CacheTarget, predictedCacheOf, rulesShowing } from './predicted-cache';
import { forkOf } from './registered-fork';
import { counterFor } from './token-counters';

/**
 * The plan a launched child keeps: computed again on the server from the registered parent, so
 * what the child stores is exactly what the engine produced: the registered parent's messages,
 * which are frozen and so shared, and its own copy of everything else.
 */
export async function launchChild(
  parentKey: string,
  request: ForkRequest,
  childId: string,
  cacheTarget: CacheTarget | null = null,
  rules: ProviderRules = PROVIDER_RULES,
): Promise<ChildLaunch> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const { transcript, written, agentCall, plan } = forkOf(parent, request);
  if (plan.errors.length > 0) {
    return { status: 'rejected', message: plan.errors.map((error) => `${error.parameter}: ${error.message}`).join(' '), plan };
  }
  if (plan.child === null) {
    return {
      status: 'rejected',
      message: `Not a fork (${plan.freshReason ?? 'no history is inherited'}): Fork Lab launches forks, which inherit the parent's history.`,
      plan,
    };
  }
  const counter = await counterFor(parent, written);
  const perMessage = await initialMessageTokens(plan, counter);
  const tokens = (await childTokenReport(plan, counter, perMessage))!;
  const cache = cacheTarget === null ? null : await forkCacheFor(plan, transcript, counter, perMessage, rulesShowing(rules, cacheTarget));
  // Every child gets a bootstrap record, written before its first model call: it is what a
  // revived child is rebuilt from (Qwen persists one; Fork Lab keeps one for every policy).
  const bootstrap = buildBootstrapRecord(plan, { childId, parentAgentId: parent.transcript.profile.agentId });
  return {
    status: 'ok',
    plan,
    tokens,
    bootstrap,
    agentCallId: agentCall?.toolCallId ?? null,
    writtenCall: written,
    predictedCache: predictedCacheOf(cache, cacheTarget),
  };
}
