import { type CachePrediction, cacheableTokens, formatTokens, type MechanismContext, type PredictedRequest } from './cache-prediction';

/**
 * DeepSeek's disk cache: a hit must match a whole "cache prefix unit". Units are written at the end
 * of each request's input and of the model's output (so at every turn boundary of the conversation
 * before the fork), and at a common prefix the system finds between requests: A+B then A+C misses
 * past A, and A becomes a unit. Units at fixed intervals inside long inputs are not modelled: their
 * interval is not published.
 */
export function predictPrefixUnits({ request, atMs }: PredictedRequest, { ledger, provider, model }: MechanismContext): CachePrediction {
  if (provider.mechanism.kind !== 'prefix-units') throw new Error(`${provider.name} does not cache prefix units.`);
  const view = ledger.view(request);
  let unit = 0;
  let expired = false;
  for (let depth = view.matched; depth > 0; depth -= 1) {
    if (view.isLive(depth, atMs)) {
      unit = depth;
      break;
    }
    expired ||= view.lastUsedAtMs(depth) !== null;
  }
  const unitTokens = view.tokens(unit);
  // A unit is stored in blocks: what it holds past its last whole block is read as new input.
  const step = model.stepTokens ?? null;
  const cached = cacheableTokens(unitTokens, model, step);
  const shared = view.tokens(view.matched);
  const total = view.tokens(view.length);

  // Turn boundaries are marked on the parent's request only: they stand for the requests the
  // conversation made before, whose inputs and outputs left units there.
  request.segments.forEach((segment, index) => {
    if (segment.turnBoundary) view.keep(index + 1, atMs);
  });
  // The common prefix with an earlier request becomes a unit of its own, for the requests after.
  if (view.matched > 0) view.keep(view.matched, atMs);
  if (view.length > 0) view.keep(view.length, atMs);
  view.commit();
  ledger.keepOutput(request, atMs);

  const reasons: string[] = [];
  if (cached > 0)
    reasons.push(
      step === null || cached === unitTokens
        ? `Reads the whole prefix unit of ${formatTokens(cached)} tokens.`
        : `Reads the whole prefix unit of ${formatTokens(unitTokens)} tokens, stored in ${step}-token blocks: ${formatTokens(cached)}.`,
    );
  else if (unitTokens > 0 && step !== null)
    reasons.push(`The only whole prefix unit it matches (${formatTokens(unitTokens)} tokens) is shorter than one ${step}-token block: nothing is read.`);
  else
    reasons.push(
      shared === 0 ? 'No earlier request in the cache starts the same way.' : 'The shared prefix ends inside every earlier unit: a unit hits only whole.',
    );
  if (shared > unitTokens && cached > 0)
    reasons.push(`${formatTokens(shared - unitTokens)} more shared tokens end inside a unit and are not read; they become a unit for later requests.`);
  return {
    cachedTokens: cached,
    writtenTokens: total - cached,
    uncachedTokens: 0,
    totalTokens: total,
    sharedSegments: unit,
    sharedTokens: shared,
    reasons,
    expiresAtMs: null,
    expired,
  };
}
