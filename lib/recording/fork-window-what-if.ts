import 'server-only';
import { type ForkRequest, type ParentTranscript, parseForkRequest, planFork, runtimeOf } from '@/lib/fork';
import { livePredictedCache, liveTokenReport } from '@/lib/fork-service';
import type { CacheTarget } from '@/lib/fork-service/predicted-cache';
import { modelRuleFor } from '@/lib/provider-cache/model-rule-for';
import { defaultModelRule, PROVIDER_IDS, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { type RequestCost, requestCost } from '@/lib/provider-cache/request-cost';
import { MODEL_APIS, type ModelApi } from './model-api';

/** One window of a captured fork, planned on the same parent and priced by the same rules. */
export interface WindowOutcome {
  /** The window as the runtime's field spells it (`1`, `all`). */
  window: string;
  /** The window the runtime's call asked for. */
  sent: boolean;
  /** The runtime's own words when it refuses the call with this window. */
  refused?: string[];
  /** Messages the child starts with, its first request's input tokens, and what the cache would read of them. */
  initialMessages?: number;
  inputTokens?: number;
  cachedTokens?: number;
  cost?: RequestCost;
  /** Dollars this window saves against the one sent (negative: it costs more); null when either price is unknown. */
  saving?: number | null;
}

export interface ForkWindowWhatIf {
  /** The runtime's window field (`fork_turns`). */
  field: string;
  /** The provider and model the child's first request is priced at. */
  target: CacheTarget;
  windows: WindowOutcome[];
}

/**
 * The provider a captured child is priced at: the one whose rules name its model, else the one its
 * API belongs to at that provider's default model (a runtime pointed at Fork Lab may send any name).
 */
export function captureTarget(api: ModelApi, model: string, rules: ProviderRules): CacheTarget | null {
  for (const provider of PROVIDER_IDS) if (model !== '' && modelRuleFor(rules, provider, model) !== null) return { provider, model };
  const provider = MODEL_APIS[api].provider;
  const fallback = defaultModelRule(rules, provider);
  return fallback === undefined ? null : { provider, model: fallback.model };
}

/** The windows worth pricing beside the one sent: one turn, the neighbours of the sent one, and all of them. */
function windowsToTry(sent: string, all: string, neighbours: readonly string[]): string[] {
  return [...new Set([sent, '1', ...neighbours, all])];
}

/**
 * The fork the runtime made, and the same call with each other window, on the parent as recorded:
 * what the child would start with and what its first request would cost at the captured provider,
 * with the saving against the window sent. Null when the runtime has no window (Kimi, Claude Code).
 */
export async function forkWindowWhatIf(
  parent: ParentTranscript,
  request: ForkRequest,
  target: CacheTarget,
  rules: ProviderRules,
): Promise<ForkWindowWhatIf | null> {
  const { controls } = runtimeOf(request.policy);
  const window = controls.window;
  if (window === undefined) return null;
  const values = controls.fromRequest(request as never);
  // A call that leaves the field out asks for the runtime's every-turn window.
  const sent = values[window.field] || window.all;
  const model = modelRuleFor(rules, target.provider, target.model);
  const base = {
    directive: request.directive,
    ...(request.forkPoint === undefined ? {} : { forkPoint: request.forkPoint }),
    ...(request.childSystemInstruction === undefined ? {} : { childSystemInstruction: request.childSystemInstruction }),
  };
  const outcomes: WindowOutcome[] = [];
  for (const candidate of windowsToTry(sent, window.all, window.neighbours(sent, 2))) {
    const isSent = candidate === sent;
    const asked = isSent
      ? request
      : {
          ...parseForkRequest(controls.toRequest({ ...values, [window.field]: candidate }, base)),
          ...(request.projectFiles === undefined ? {} : { projectFiles: request.projectFiles }),
        };
    const plan = planFork(parent, asked);
    if (plan.child === null) {
      outcomes.push({ window: candidate, sent: isSent, refused: plan.errors.map((error) => error.message) });
      continue;
    }
    const tokens = await liveTokenReport(plan, parent);
    const predicted = await livePredictedCache(plan, parent, target, rules);
    const cost = predicted === null || model === null ? undefined : requestCost(predicted, model);
    outcomes.push({
      window: candidate,
      sent: isSent,
      initialMessages: plan.child.initialMessages.length,
      inputTokens: tokens.total,
      ...(predicted === null ? {} : { cachedTokens: predicted.cachedTokens }),
      ...(cost === undefined ? {} : { cost }),
    });
  }
  const sentCost = outcomes.find((outcome) => outcome.sent)?.cost;
  return {
    field: window.field,
    target,
    windows: outcomes.map((outcome) => ({
      ...outcome,
      saving: sentCost?.complete && outcome.cost?.complete ? sentCost.dollars - outcome.cost.dollars : null,
    })),
  };
}
