import { CacheLedger } from '@/lib/provider-cache/cache-ledger';
import type { CachePrediction } from '@/lib/provider-cache/cache-prediction';
import { type CacheRequest, prefixTokens } from '@/lib/provider-cache/cache-request';
import { modelRuleFor } from '@/lib/provider-cache/model-rule-for';
import { predictRequest } from '@/lib/provider-cache/predict-request';
import { type ModelCacheRule, type ProviderId, type ProviderRules, providerRule } from '@/lib/provider-cache/provider-rules';
import type { TranslatedBody } from '@/lib/wire/openai-chat/chat-as-messages';
import { type ReportedUsage, reportedTotal } from '@/lib/wire/reported-usage';
import { type Disagreement, disagreementOf, type LeftPrefix, leftPrefixes } from './disagreement';
import { FRACTION_TOLERANCE } from './fraction-tolerance';
import { explicitCachePrediction } from './gemini-explicit-cache';
import { type PreparedRequest, prepareTraffic, type TokenSource } from './prepare-traffic';
import { type DiagnosisBeside, diagnosisAsked, diagnosisBeside } from './provider-diagnosis';
import { type RequestParting, requestParting, sharedSegments } from './request-parting';
import { withServerRounds } from './server-rounds-prediction';
import { subAgentRequests } from './sub-agent-requests';
import { routeLabel, type TrafficExchange } from './traffic-exchange';

/**
 * `warmed outside`: the provider read more than the log left and the rule reads; a request the log
 * does not hold had written it. Neither agreement nor disagreement: no rule over the log can see it.
 */
export type Verdict = 'agrees' | 'disagrees' | 'warmed outside' | 'no usage' | 'no rule';

export interface TimelineEntry {
  source: string;
  index: number;
  atMs: number;
  provider: ProviderId;
  /** The router or cloud it went through (OpenRouter, Amazon Bedrock); absent when sent to the provider itself. */
  via?: string;
  model: string;
  /** Predicted reads, writes and full-price tokens, in the reported total's tokens; null without a rule. */
  predicted: CachePrediction | null;
  reported: ReportedUsage | null;
  /** Cached share of the whole request, predicted and reported. */
  predictedFraction: number | null;
  reportedFraction: number | null;
  verdict: Verdict;
  /** The prediction's reasons, in the provider's terms. */
  reasons: string[];
  /** Sent by a sub-agent: a user turn carries the task of an Agent call the log holds. */
  subAgent: boolean;
  /** Where it parts from the earlier request it shares the most with; null when none shares anything. */
  parting: RequestParting | null;
  /** Where the token counts come from: the provider's count, offline counts scaled to the reported total, or offline as counted. */
  tokens: TokenSource;
  /** The provider's own diagnosis of its cache miss beside Fork Lab's, when the request asked for one. */
  diagnosis: DiagnosisBeside | null;
  /** Where a disagreeing request's reported read sits among the prefixes earlier requests left it; null when it agrees. */
  disagreement: Disagreement | null;
  /**
   * What the tokens it shared with that request but the provider did not report read cost over
   * reading them, in dollars at the model's prices; null without usage or prices.
   */
  missedDollars: number | null;
}

/** How many recent requests of a provider are searched for the one a request shares the most with. */
const RECENT = 32;

interface Sent {
  exchange: TrafficExchange;
  request: CacheRequest;
  /** The Messages request a route made of it, which partings compare. */
  translation?: TranslatedBody;
}

/** Two requests' translations, when both were translated (one route's requests always are, or never). */
function translationsOf(earlier: Sent, later: Sent): { earlier: TranslatedBody; later: TranslatedBody } | undefined {
  return earlier.translation === undefined || later.translation === undefined ? undefined : { earlier: earlier.translation, later: later.translation };
}

/** How many segments each recent request of the same model shares with this one, from the start. */
function sharedWithRecent(recent: readonly Sent[], request: CacheRequest): (Sent & { shared: number })[] {
  return recent
    .filter((earlier) => earlier.request.model === request.model)
    .map((earlier) => ({ ...earlier, shared: sharedSegments(earlier.request, request) }));
}

/**
 * The recent request that shares the longest prefix with this one, and how much. When none shares
 * even its first block, the latest of the model: a system prompt edited in its one block shares
 * nothing, and the person still needs to see where it changed.
 */
function closestEarlier(shared: readonly (Sent & { shared: number })[]): { earlier: Sent; segments: number } | null {
  let best: { earlier: Sent; segments: number } | null = null;
  for (const earlier of shared) {
    // The latest of equals: the one the cache most likely still holds.
    if (best === null || earlier.shared >= best.segments) best = { earlier, segments: earlier.shared };
  }
  return best;
}

/**
 * The provider's diagnosis beside Fork Lab's parting from the request it compared with: the one
 * whose answer the request named, found by that answer's id (not the closest earlier request).
 */
function diagnosed(
  exchange: TrafficExchange,
  request: CacheRequest,
  shape: PreparedRequest['shape'],
  answered: ReadonlyMap<string, Sent>,
): DiagnosisBeside | null {
  const asked = diagnosisAsked(exchange.body);
  // An answer with a diagnosis the request did not visibly ask for is shown too: the log may have dropped the field.
  if (asked === null && exchange.diagnosis === undefined) return null;
  const provider = exchange.diagnosis ?? null;
  const previousId = asked?.previousId ?? null;
  const earlier = previousId === null ? undefined : answered.get(previousId);
  if (earlier === undefined) return diagnosisBeside(provider, previousId, null, undefined);
  const shared = prefixTokens(request, sharedSegments(earlier.request, request));
  const { source, index, atMs } = earlier.exchange;
  return diagnosisBeside(provider, previousId, { source, index, atMs }, requestParting(earlier.exchange, exchange, shape, shared).reason);
}

function missedDollars(model: ModelCacheRule | null, sharedTokens: number, reported: ReportedUsage | null): number | null {
  if (model === null || reported === null || model.input === null || model.cachedInput === null) return null;
  // Under the model's minimum nothing could have been read: nothing was missed.
  if (sharedTokens < model.minimumTokens) return 0;
  const total = reportedTotal(reported);
  const unread = Math.max(0, Math.min(sharedTokens, total) - reported.cachedTokens);
  // Counts are scaled from another tokenizer: a gap inside the agreement's 5 points is no miss.
  if (total === 0 || unread / total <= FRACTION_TOLERANCE) return 0;
  return (unread * (model.input - model.cachedInput)) / 1_000_000;
}

function verdictOf(predicted: CachePrediction, reported: ReportedUsage): Pick<TimelineEntry, 'predictedFraction' | 'reportedFraction' | 'verdict'> {
  const total = reportedTotal(reported);
  const predictedFraction = total === 0 ? 0 : predicted.cachedTokens / total;
  const reportedFraction = total === 0 ? 0 : reported.cachedTokens / total;
  const sameOutcome = predicted.cachedTokens > 0 === reported.cachedTokens > 0;
  const close = Math.abs(predictedFraction - reportedFraction) <= FRACTION_TOLERANCE;
  return { predictedFraction, reportedFraction, verdict: sameOutcome && close ? 'agrees' : 'disagrees' };
}

function againstTheReport(provider: string, reported: ReportedUsage, predicted: CachePrediction, lefts: readonly LeftPrefix[]): Disagreement {
  const total = reportedTotal(reported);
  return disagreementOf(provider, reported.cachedTokens, predicted.cachedTokens, total, lefts, FRACTION_TOLERANCE * total);
}

/** Breakpoints with one at `end` added, in order, when it is given and missing. */
function withEnd(at: readonly number[], end: number | undefined): readonly number[] {
  // A placement that marks nothing caches nothing, in the rounds too.
  return end === undefined || at.length === 0 || at.includes(end) ? at : [...at, end].sort((a, b) => a - b);
}

export interface ReplayOptions {
  /**
   * Where the breakpoints go on a provider that caches at breakpoints, given the request and the
   * ones it was sent with; left out, as sent. A what-if moves them and prices the difference.
   */
  placeBreakpoints?: (request: CacheRequest, sent: readonly number[]) => readonly number[];
  /** Find each request's parting from the earlier one it shares the most with (a what-if needs only the figures). */
  partings?: boolean;
}

/**
 * The prepared requests through each provider's cache as the rules describe it, each with its own
 * breakpoints (or the placement asked for), beside what the provider reported.
 */
export function replayTraffic(prepared: readonly PreparedRequest[], rules: ProviderRules, options: ReplayOptions = {}): TimelineEntry[] {
  const { placeBreakpoints, partings = true } = options;
  // Keyed by provider and route: what a router sends lands in its own account's cache at the provider.
  const ledgers = new Map<string, CacheLedger>();
  const recentByProvider = new Map<string, Sent[]>();
  // Answers by id: a request that asked for diagnostics names the one it is compared with.
  const answered = new Map<string, Sent>();
  const entries: TimelineEntry[] = [];
  // Times from the log's first request, so a reason says "expired at 6:00" into the session.
  const startMs = prepared[0]?.exchange.atMs ?? 0;
  const bySubAgents = subAgentRequests(prepared);
  for (const { exchange, provider, via, model: modelId, shape, request, breakpoints, rounds, explicitCache, tokens, translation } of prepared) {
    const sent: Sent = { exchange, request, ...(translation === undefined ? {} : { translation }) };
    const base = {
      source: exchange.source,
      index: exchange.index,
      atMs: exchange.atMs,
      provider,
      ...(via === undefined ? {} : { via }),
      // As the request named it; a body that names none (Bedrock's) by the provider's id.
      model: exchange.model === '' ? modelId : exchange.model,
      reported: exchange.usage,
      tokens,
      subAgent: bySubAgents.has(exchange),
    };
    const cacheKey = routeLabel({ provider, via });
    let parting: RequestParting | null = null;
    let sharedTokens = 0;
    // What each recent request of the model shares with this one; read again only if it disagrees.
    let shared: (Sent & { shared: number })[] = [];
    if (partings) {
      const recent = recentByProvider.get(cacheKey) ?? [];
      recentByProvider.set(cacheKey, [...recent.slice(1 - RECENT), sent]);
      shared = sharedWithRecent(recent, request);
      const closest = closestEarlier(shared);
      sharedTokens = closest === null ? 0 : prefixTokens(request, closest.segments);
      parting = closest === null ? null : requestParting(closest.earlier.exchange, exchange, shape, sharedTokens, translationsOf(closest.earlier, sent));
    }
    const diagnosis = partings ? diagnosed(exchange, request, shape, answered) : null;
    if (exchange.answerId !== undefined) answered.set(exchange.answerId, sent);
    const rule = providerRule(rules, provider);
    const model = modelRuleFor(rules, provider, modelId);
    if (model === null) {
      entries.push({
        ...base,
        predicted: null,
        predictedFraction: null,
        reportedFraction: null,
        verdict: 'no rule',
        reasons: [`No cache rule for model ${modelId}.`],
        parting,
        diagnosis,
        disagreement: null,
        missedDollars: null,
      });
      continue;
    }
    // One cache per provider, whatever routing key a body carries: on the Codex traffic a first
    // request under a new prompt_cache_key read 9,088 tokens, so a key routes but does not isolate.
    let ledger = ledgers.get(cacheKey);
    if (ledger === undefined) {
      ledger = new CacheLedger(rule.ttlSeconds);
      ledgers.set(cacheKey, ledger);
    }
    const atBreakpoints = rule.mechanism.kind === 'breakpoints';
    // A round the server ran keeps the breakpoint the API put at its end, wherever the others go.
    const place = (sent: CacheRequest, at: readonly number[], end?: number) =>
      !atBreakpoints ? undefined : placeBreakpoints === undefined ? at : withEnd(placeBreakpoints(sent, at), end);
    const predictOne = (sent: CacheRequest, at: readonly number[], end?: number) => {
      const placed = place(sent, at, end);
      return predictRequest(
        { request: sent, atMs: exchange.atMs - startMs, forkPrefix: sent.segments.length, ...(placed === undefined ? {} : { sentBreakpoints: placed }) },
        { ledger, provider: rule, model },
      );
    };
    const predicted =
      explicitCache !== undefined
        ? explicitCachePrediction(request, explicitCache, exchange.atMs, startMs)
        : withServerRounds(
            predictOne(request, breakpoints),
            rounds.map((round) => predictOne(round.request, round.breakpoints, round.request.segments.length)),
          );
    const judged =
      exchange.usage === null ? { predictedFraction: null, reportedFraction: null, verdict: 'no usage' as const } : verdictOf(predicted, exchange.usage);
    // Only DeepSeek's prefix units hold the model's output, so only there is an answer sent back part of what was left.
    const disagreement =
      partings && judged.verdict === 'disagrees'
        ? againstTheReport(rule.name, exchange.usage!, predicted, leftPrefixes(request, shared, rule.mechanism.kind === 'prefix-units'))
        : null;
    entries.push({
      ...base,
      predicted,
      ...judged,
      ...(disagreement?.kind === 'warmed-outside' ? { verdict: 'warmed outside' as const } : {}),
      reasons: predicted.reasons,
      parting,
      diagnosis,
      disagreement,
      missedDollars: partings ? missedDollars(model, sharedTokens, exchange.usage) : null,
    });
  }
  return entries;
}

/**
 * Every request to an endpoint it reads (Anthropic's Messages, DeepSeek's Messages and Chat
 * Completions, OpenAI's Chat Completions and Responses, Gemini's generateContent) in the order sent, through its provider's
 * cache as the shipped rules describe it, each with its own breakpoints as sent, beside what the
 * provider reported. Give it every log of one account together: a provider's cache is the
 * account's, and a new session reads what an earlier one wrote.
 */
export async function cacheTimeline(exchanges: readonly TrafficExchange[], rules: ProviderRules): Promise<TimelineEntry[]> {
  return replayTraffic(await prepareTraffic(exchanges), rules);
}
