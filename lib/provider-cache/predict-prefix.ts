import { type CachePrediction, cacheableTokens, formatSeconds, formatTokens, type MechanismContext, type PredictedRequest } from './cache-prediction';

/**
 * Automatic prefix caching (OpenAI, Gemini's implicit cache, Kimi, Qwen's implicit cache): every
 * request leaves its prompt in the cache, and a later one reads the longest prefix it shares with
 * any of them, counted in the provider's steps, from the model's minimum.
 */
export function predictPrefix({ request, atMs }: PredictedRequest, { ledger, provider, model }: MechanismContext): CachePrediction {
  if (provider.mechanism.kind !== 'prefix') throw new Error(`${provider.name} does not cache by prefix.`);
  const step = model.stepTokens === undefined ? provider.mechanism.stepTokens : model.stepTokens;
  const view = ledger.view(request);
  let deepest = 0;
  let expiredAt: number | null = null;
  for (let depth = view.matched; depth > 0; depth -= 1) {
    if (view.isLive(depth, atMs)) {
      deepest = depth;
      break;
    }
    expiredAt ??= view.expiresAtMs(depth);
  }
  const shared = view.tokens(deepest);
  const matched = view.tokens(view.matched);
  const total = view.tokens(view.length);
  const cached = cacheableTokens(shared, model, step);
  const stored = total >= model.minimumTokens;
  // Where writes are not reported, a stored prefix is paid for and reported as uncached input.
  const reportsWrites = model.reportsWrites ?? provider.reportsWrites;
  const written = stored && reportsWrites ? total - cached : 0;
  const reasons = [prefixReason(deepest === 0 ? matched : shared, cached, model.minimumTokens, step, provider.name)];
  if (expiredAt !== null && deepest < view.matched) reasons.push(`A longer shared prefix expired at ${formatSeconds(expiredAt)} before this request.`);
  if (!stored)
    reasons.push(
      `The request (${formatTokens(total)} tokens) is under ${model.model}'s minimum of ${formatTokens(model.minimumTokens)}: nothing is stored for later requests.`,
    );

  if (stored) view.keepAll(atMs);
  view.commit();
  return {
    cachedTokens: cached,
    writtenTokens: written,
    uncachedTokens: total - cached - written,
    totalTokens: total,
    sharedSegments: deepest,
    sharedTokens: shared,
    reasons,
    expiresAtMs: stored && view.length > 0 ? view.expiresAtMs(view.length) : null,
    expired: expiredAt !== null && deepest < view.matched,
  };
}

function prefixReason(shared: number, cached: number, minimum: number, step: number | null, name: string): string {
  if (shared === 0) return 'No earlier request in the cache starts the same way.';
  if (cached === 0 && shared < minimum)
    return `The shared prefix (${formatTokens(shared)} tokens) is under the minimum of ${formatTokens(minimum)}: nothing is read.`;
  if (cached === 0 && step !== null && shared < step)
    return `The shared prefix (${formatTokens(shared)} tokens) is shorter than one ${step}-token step: nothing is read.`;
  if (cached === 0) return `The shared prefix (${formatTokens(shared)} tokens) is no longer cached.`;
  if (step === null || cached === shared) return `${name} reads the whole shared prefix: ${formatTokens(cached)} tokens.`;
  return `Shared prefix ${formatTokens(shared)} tokens; ${name} counts hits in ${step}-token steps: ${formatTokens(cached)}.`;
}
