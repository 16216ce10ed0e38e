import { type CachePrediction, formatSeconds, formatTokens, type MechanismContext, type PredictedRequest } from './cache-prediction';
import type { CacheRequest } from './cache-request';

/**
 * Where Fork Lab puts `cache_control` breakpoints (segment counts from the start): after the
 * tools, after the system instruction, after the prefix the child shares with its parent, and on the
 * last block. The fork's own breakpoint is what lets a sibling read the parent's prefix even when
 * the child's new messages are more than the lookback away from it; the exported body places the
 * same ones.
 */
export function forkBreakpoints(request: CacheRequest, forkPrefix: number, maxBreakpoints: number): number[] {
  const afterTools = request.segments.findLastIndex((segment) => segment.path.startsWith('tools[')) + 1;
  const afterSystem = request.segments.findIndex((segment) => segment.path === 'system') + 1;
  const candidates = [afterTools, afterSystem, forkPrefix, request.segments.length];
  const unique = [...new Set(candidates.filter((at) => at > 0 && at <= request.segments.length))].sort((a, b) => a - b);
  // Over the limit the API refuses the request; the latest ones matter most, so the first go.
  return unique.slice(-maxBreakpoints);
}

/**
 * Explicit breakpoints (Anthropic's `cache_control`): a request writes a prefix only at its
 * breakpoints, and reads an earlier one found at a breakpoint or up to `lookbackBlocks` blocks before
 * it. A prefix under the model's minimum is neither read nor written. `cache_creation_input_tokens`
 * are the tokens from what was read to the last breakpoint; `input_tokens` the ones after it.
 */
export function predictBreakpoints(
  { request, atMs, forkPrefix, sentBreakpoints }: PredictedRequest,
  { ledger, provider, model }: MechanismContext,
): CachePrediction {
  const mechanism = provider.mechanism;
  if (mechanism.kind !== 'breakpoints') throw new Error(`${provider.name} does not cache at breakpoints.`);
  const breakpoints = sentBreakpoints === undefined ? forkBreakpoints(request, forkPrefix, mechanism.maxBreakpoints) : [...sentBreakpoints];
  const view = ledger.view(request);
  const cacheable = (depth: number) => view.tokens(depth) >= model.minimumTokens && view.tokens(depth) > 0;

  let read = 0;
  let expiredAt: number | null = null;
  let expiredDepth = 0;
  let beyondReach = 0;
  for (const at of breakpoints) {
    const reach = view.blocks(at) - mechanism.lookbackBlocks;
    for (let depth = Math.min(at, view.matched); depth > 0; depth -= 1) {
      if (view.lastUsedAtMs(depth) === null || !cacheable(depth)) continue;
      if (view.blocks(depth) < reach) {
        if (view.isLive(depth, atMs)) beyondReach = Math.max(beyondReach, depth);
        break;
      }
      if (!view.isLive(depth, atMs)) {
        // The reason names the longest prefix that expired: a shorter one written earlier expired sooner.
        if (depth > expiredDepth) {
          expiredDepth = depth;
          expiredAt = view.expiresAtMs(depth);
        }
        continue;
      }
      read = Math.max(read, depth);
      break;
    }
  }
  const lastWritten = breakpoints.filter((at) => at > read && cacheable(at)).at(-1);
  const total = view.tokens(view.length);
  const cached = view.tokens(read);
  const written = lastWritten === undefined ? 0 : view.tokens(lastWritten) - cached;

  if (read > 0) view.keep(read, atMs);
  for (const at of breakpoints) if (at > read && cacheable(at)) view.keep(at, atMs);
  view.commit();

  const reasons: string[] = [];
  const sharedTokens = view.tokens(view.matched);
  if (read > 0) reasons.push(`Reads ${formatTokens(cached)} tokens cached at an earlier breakpoint.`);
  else if (sharedTokens === 0) reasons.push('No earlier request in the cache starts the same way.');
  else if (sharedTokens < model.minimumTokens)
    reasons.push(
      `The shared prefix (${formatTokens(sharedTokens)} tokens) is under ${model.model}'s minimum of ${formatTokens(model.minimumTokens)}: nothing is read.`,
    );
  if (beyondReach > read)
    reasons.push(
      `A longer cached prefix is more than ${mechanism.lookbackBlocks} blocks before this request's nearest breakpoint: the lookback does not reach it.`,
    );
  if (expiredAt !== null && read === 0) reasons.push(`The shared prefix expired at ${formatSeconds(expiredAt)} before this request.`);
  if (lastWritten !== undefined) reasons.push(`Writes ${formatTokens(written)} tokens up to the breakpoint at segment ${lastWritten}.`);
  else if (total < model.minimumTokens)
    reasons.push(`The request (${formatTokens(total)} tokens) is under ${model.model}'s minimum of ${formatTokens(model.minimumTokens)}: nothing is written.`);

  const kept = lastWritten ?? read;
  return {
    cachedTokens: cached,
    writtenTokens: written,
    uncachedTokens: total - cached - written,
    totalTokens: total,
    sharedSegments: view.matched,
    sharedTokens,
    breakpoints,
    reasons,
    expiresAtMs: kept === 0 ? null : view.expiresAtMs(kept),
    expired: expiredDepth > read,
  };
}
