import 'server-only';
import { classifyMessages, type ForkRequest } from '@/lib/fork';
import type { ForkPreview } from '@/lib/fork-exchange/answers';
import { compactPlan } from '@/lib/fork-exchange/compact-plan';
import { summarizeWindow } from '@/lib/fork-exchange/window-summary';
import { PROVIDER_RULES, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { childTokenReport, initialMessageTokens } from '@/lib/tokens/child-token-report';
import { familyMembersCache } from './family-cache-preview';
import { familyCacheReport, forkCacheFor } from './fork-cache';
import { parentCache, type RegisteredParent } from './parent-cache';
import { rememberedPreview } from './preview-memo';
import { forkOf } from './registered-fork';
import { counterFor } from './token-counters';

/**
 * What the playground shows for a request on a registered parent: the plan, compacted for the
 * browser, its token counts, each provider's cache forecast and the window's summary.
 * `signal`: the browser stopped waiting (it asked for another window); the counting stops with it.
 */
export async function previewFork(parentKey: string, request: ForkRequest, signal?: AbortSignal, rules: ProviderRules = PROVIDER_RULES): Promise<ForkPreview> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  return rememberedPreview(parent, request, rules, () => planPreview(parent, request, signal, rules));
}

async function planPreview(parent: RegisteredParent, request: ForkRequest, signal: AbortSignal | undefined, rules: ProviderRules): Promise<ForkPreview> {
  const { transcript, written, request: atCall, plan } = forkOf(parent, request);
  const counter = await counterFor(parent, written, signal);
  const perMessage = await initialMessageTokens(plan, counter);
  const tokensOf = new Map(plan.child?.initialMessages.map((message, index) => [message, perMessage[index]!.tokens]));
  // Turns count back from where the runtime forks: the call's snapshot when the parent went on past it.
  const forkPoint = atCall.forkPoint;
  const earlier =
    forkPoint !== undefined && Number.isInteger(forkPoint) && forkPoint >= 0 && forkPoint < parent.transcript.messages.length
      ? classifyMessages(parent.transcript.messages.slice(0, forkPoint))
      : undefined;
  const fullClassification = written === null ? null : classifyMessages(transcript.messages);
  return {
    status: 'ok',
    plan: compactPlan(plan, (message) => tokensOf.get(message)!),
    tokens: await childTokenReport(plan, counter, perMessage),
    cache:
      plan.family === undefined
        ? await forkCacheFor(plan, transcript, counter, perMessage, rules)
        : familyCacheReport(await familyMembersCache(parent, atCall, plan.family, signal), rules),
    summary: summarizeWindow(plan, earlier ?? fullClassification ?? parent.classifications),
    ...(earlier === undefined ? {} : { classificationsAtForkPoint: earlier }),
    ...(written === null
      ? {}
      : {
          writtenCall: written,
          writtenCallTokens: (await counter.parentMessage(parent.transcript.messages.length)).tokens,
          writtenCallClassification: fullClassification!.at(-1)!,
        }),
  };
}
