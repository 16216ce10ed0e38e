import { modelRuleFor } from '@/lib/provider-cache/model-rule-for';
import { type ProviderRules, providerRule } from '@/lib/provider-cache/provider-rules';
import { type RequestCost, requestCost, totalCost } from '@/lib/provider-cache/request-cost';
import { BREAKPOINT_PLACEMENTS, type BreakpointPlacement } from './breakpoint-placement';
import { replayTraffic } from './cache-timeline';
import type { PreparedRequest } from './prepare-traffic';

/** Tokens read, written and paid in full over a session's requests, and what they cost. */
export interface SessionInput {
  cachedTokens: number;
  writtenTokens: number;
  uncachedTokens: number;
  cost: RequestCost;
}

export interface PlacementOutcome extends SessionInput {
  placement: Pick<BreakpointPlacement, 'id' | 'label' | 'description'>;
  /** Dollars it saves against the breakpoints as sent, both predicted by the same rules; negative costs more. */
  savingDollars: number;
}

export interface BreakpointWhatIf {
  /** The requests it prices: those to a provider that caches at breakpoints, with a rule for their model. */
  requests: number;
  /** What the provider reported for those requests, at the same prices. */
  billed: SessionInput | null;
  outcomes: PlacementOutcome[];
}

function sum(parts: readonly { cachedTokens: number; writtenTokens: number; uncachedTokens: number; cost: RequestCost }[]): SessionInput {
  return {
    cachedTokens: parts.reduce((total, part) => total + part.cachedTokens, 0),
    writtenTokens: parts.reduce((total, part) => total + part.writtenTokens, 0),
    uncachedTokens: parts.reduce((total, part) => total + part.uncachedTokens, 0),
    cost: totalCost(parts.map((part) => part.cost)),
  };
}

/**
 * The same session replayed with its breakpoints placed otherwise, each placement priced from the
 * same rules and prices as the breakpoints it was sent with: the saving is one a person can act on
 * (a runtime's setting, a proxy that moves `cache_control`), not a forecast against a bill. The
 * provider's reported usage at the same prices is beside them, so the rules' own error is in view.
 */
export function breakpointWhatIf(prepared: readonly PreparedRequest[], rules: ProviderRules): BreakpointWhatIf {
  // Only requests whose provider caches at breakpoints, each with its model's rule, looked up once.
  const pricedWith = prepared.flatMap((entry) => {
    const model = providerRule(rules, entry.provider).mechanism.kind === 'breakpoints' ? modelRuleFor(rules, entry.provider, entry.model) : null;
    return model === null ? [] : [{ entry, model }];
  });
  const priced = pricedWith.map(({ entry }) => entry);
  const modelOf = (at: number) => pricedWith[at]!.model;
  const reported = pricedWith.filter(({ entry }) => entry.exchange.usage !== null);
  const billed =
    reported.length === 0
      ? null
      : sum(
          reported.map(({ entry, model }) => {
            const usage = entry.exchange.usage!;
            return { ...usage, cost: requestCost(usage, model) };
          }),
        );
  const outcomes = BREAKPOINT_PLACEMENTS.map((placement) => {
    const entries = replayTraffic(priced, rules, { placeBreakpoints: placement.place, partings: false });
    const input = sum(
      entries.flatMap((entry, at) => (entry.predicted === null ? [] : [{ ...entry.predicted, cost: requestCost(entry.predicted, modelOf(at)) }])),
    );
    return { placement: { id: placement.id, label: placement.label, description: placement.description }, ...input, savingDollars: 0 };
  });
  const asSent = outcomes.find((outcome) => outcome.placement.id === 'as-sent')!;
  for (const outcome of outcomes) outcome.savingDollars = asSent.cost.dollars - outcome.cost.dollars;
  return { requests: priced.length, billed, outcomes };
}
