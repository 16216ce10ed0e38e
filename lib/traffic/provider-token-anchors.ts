import { contentKey } from '@/lib/provider-cache/content-key';
import type { TokenAnchor } from './anchored-token-counts';
import { messagesBodyPrefix, placeholderBody } from './messages-body-prefix';
import type { PreparedRequest } from './prepare-traffic';

/**
 * Counts a Messages body with the provider's own tokenizer. `null` when the provider would not
 * count that body (a prefix cut where the API refuses one): it is then scaled offline. Throwing
 * stops the counting (a bad key, a rate limit): what was counted is kept.
 */
export type CountMessagesBody = (body: Record<string, unknown>) => Promise<number | null>;

/** How the prefixes were counted, for a person reading the timeline. */
export interface ProviderCounting {
  provider: 'anthropic';
  /**
   * Requests with something to count (Anthropic's own Messages requests, one round, with a
   * breakpoint or no reported total), and how many got counted prefixes.
   */
  countable: number;
  counted: number;
  /** Distinct bodies sent to be counted, and how many of them the provider refused. */
  calls: number;
  refused: number;
  /** Why counting stopped before the end: the provider's error, or the limit on calls. */
  stopped: string | null;
}

/** Calls to the counting endpoint per report: a 64-request log with three breakpoints a request needs about 60 distinct ones. */
const MAX_COUNT_CALLS = 400;
const CONCURRENCY = 4;

/**
 * Whether a request's prefixes can be counted by Anthropic: a body for its own Messages API (not one
 * sent through a router or a cloud, whose body names no model or another's), one round, no explicit cache.
 */
function countable(request: PreparedRequest): boolean {
  return (
    request.provider === 'anthropic' &&
    request.shape === 'messages' &&
    request.via === undefined &&
    request.rounds.length === 0 &&
    request.explicitCache === undefined
  );
}

interface Needed {
  depth: number;
  key: string;
  baseline: string | null;
}

/**
 * Each countable request's prefixes at its breakpoints, counted by the provider: those are where
 * a cache reads and writes, so they are what a prediction is measured at; and its end when no
 * total was reported. Equal bodies are counted once (a session's requests repeat their tools and
 * system prompt).
 */
export async function providerTokenAnchors(
  prepared: readonly PreparedRequest[],
  count: CountMessagesBody,
  limit = MAX_COUNT_CALLS,
): Promise<{ anchors: (TokenAnchor[] | null)[]; counting: ProviderCounting }> {
  const bodies = new Map<string, Record<string, unknown>>();
  const wanted = prepared.map((request): Needed[] | null => {
    if (!countable(request)) return null;
    const { body, usage } = request.exchange;
    const length = request.request.segments.length;
    // The whole request is counted only when nothing reported its total: a reported total is
    // what was billed, and closes the last stretch instead.
    const ends = usage === null ? [length] : [];
    const depths = [...new Set([...request.breakpoints.filter((depth) => depth > 0 && depth < length), ...ends])].filter((depth) => depth > 0);
    if (depths.length === 0) return null;
    return depths.map((depth) => {
      const prefix = messagesBodyPrefix(body, depth);
      const key = contentKey(prefix.body);
      if (!bodies.has(key)) bodies.set(key, prefix.body);
      if (!prefix.placeholder) return { depth, key, baseline: null };
      const baseline = placeholderBody(body.model);
      const baselineKey = contentKey(baseline);
      if (!bodies.has(baselineKey)) bodies.set(baselineKey, baseline);
      return { depth, key, baseline: baselineKey };
    });
  });

  const keys = [...bodies.keys()];
  const counts = new Map<string, number | null>();
  const todo = keys.slice(0, limit);
  let next = 0;
  // The first error is the one to show: the calls in flight beside it fail the same way.
  let failure: string | null = null;
  const worker = async () => {
    while (failure === null && next < todo.length) {
      const key = todo[next++]!;
      try {
        counts.set(key, await count(bodies.get(key)!));
      } catch (error) {
        failure ??= `Counting stopped after ${counts.size} of ${keys.length} prefixes: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const notes = [
    ...(keys.length > limit ? [`Counted the first ${limit} of ${keys.length} distinct prefixes; the rest are scaled offline.`] : []),
    ...(failure === null ? [] : [failure]),
  ];
  const stopped = notes.length === 0 ? null : notes.join(' ');

  const anchors = wanted.map((needed) => {
    if (needed === null) return null;
    const found: TokenAnchor[] = [];
    for (const { depth, key, baseline } of needed) {
      const tokens = counts.get(key);
      const taken = baseline === null ? 0 : counts.get(baseline);
      if (typeof tokens === 'number' && typeof taken === 'number') found.push({ depth, tokens: Math.max(0, tokens - taken) });
    }
    return found.length > 0 ? found : null;
  });
  return {
    anchors,
    counting: {
      provider: 'anthropic',
      countable: wanted.filter((needed) => needed !== null).length,
      counted: anchors.filter((found) => found !== null).length,
      calls: counts.size,
      refused: [...counts.values()].filter((tokens) => tokens === null).length,
      stopped,
    },
  };
}
