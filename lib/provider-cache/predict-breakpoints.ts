import type { PrefixNode } from './cache-ledger';
import { type CachePrediction, formatSeconds, formatTokens, type MechanismContext, type PredictedRequest } from './cache-prediction';
import { type CacheRequest, requestTokens } from './cache-request';

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
export function predictBreakpoints({ request, atMs, forkPrefix }: PredictedRequest, { ledger, provider, model }: MechanismContext): CachePrediction {
  const mechanism = provider.mechanism;
  if (mechanism.kind !== 'breakpoints') throw new Error(`${provider.name} does not cache at breakpoints.`);
  const breakpoints = forkBreakpoints(request, forkPrefix, mechanism.maxBreakpoints);
  const path = ledger.walk(request);
  const nodes = ledger.insert(request);
  const cacheable = (node: PrefixNode) => node.tokens >= model.minimumTokens && node.tokens > 0;

  let read: PrefixNode | null = null;
  let expiredAt: number | null = null;
  let beyondReach: PrefixNode | null = null;
  for (const at of breakpoints) {
    const reach = nodes[at]!.blocks - mechanism.lookbackBlocks;
    for (let depth = Math.min(at, path.length - 1); depth > 0; depth -= 1) {
      const node = path[depth]!;
      if (node.entry === null || !cacheable(node)) continue;
      if (node.blocks < reach) {
        if (ledger.isLive(node, atMs) && (beyondReach === null || node.depth > beyondReach.depth)) beyondReach = node;
        break;
      }
      if (!ledger.isLive(node, atMs)) {
        expiredAt ??= ledger.expiresAtMs(node);
        continue;
      }
      if (read === null || depth > read.depth) read = node;
      break;
    }
  }
  const readDepth = read?.depth ?? 0;
  const outOfReach = beyondReach !== null && beyondReach.depth > readDepth;
  const lastWritten = breakpoints.filter((at) => at > readDepth && cacheable(nodes[at]!)).at(-1);
  const total = requestTokens(request);
  const cached = read?.tokens ?? 0;
  const written = lastWritten === undefined ? 0 : nodes[lastWritten]!.tokens - cached;

  if (read !== null) ledger.use(read, atMs);
  for (const at of breakpoints) if (at > readDepth && cacheable(nodes[at]!)) ledger.use(nodes[at]!, atMs);

  const reasons: string[] = [];
  const sharedTokens = path.at(-1)!.tokens;
  if (read !== null) reasons.push(`Reads ${formatTokens(cached)} tokens cached at an earlier breakpoint.`);
  else if (sharedTokens === 0) reasons.push('No earlier request in the cache starts the same way.');
  else if (sharedTokens < model.minimumTokens)
    reasons.push(
      `The shared prefix (${formatTokens(sharedTokens)} tokens) is under ${model.model}'s minimum of ${formatTokens(model.minimumTokens)}: nothing is read.`,
    );
  if (outOfReach)
    reasons.push(
      `A longer cached prefix is more than ${mechanism.lookbackBlocks} blocks before this request's nearest breakpoint: the lookback does not reach it.`,
    );
  if (expiredAt !== null && read === null) reasons.push(`The shared prefix expired at ${formatSeconds(expiredAt)} before this request.`);
  if (lastWritten !== undefined) reasons.push(`Writes ${formatTokens(written)} tokens up to the breakpoint at segment ${lastWritten}.`);
  else if (total < model.minimumTokens)
    reasons.push(`The request (${formatTokens(total)} tokens) is under ${model.model}'s minimum of ${formatTokens(model.minimumTokens)}: nothing is written.`);

  const kept = lastWritten === undefined ? read : nodes[lastWritten]!;
  return {
    cachedTokens: cached,
    writtenTokens: written,
    uncachedTokens: total - cached - written,
    totalTokens: total,
    sharedSegments: path.length - 1,
    sharedTokens,
    breakpoints,
    reasons,
    expiresAtMs: kept === null ? null : ledger.expiresAtMs(kept),
  };
}
