import type { CacheRequest } from '@/lib/provider-cache/cache-request';
import { firstDifference, shortDiff } from '@/lib/provider-cache/miss-explainer';
import type { TextChunk } from '@/lib/text-diff/word-diff';
import { cacheSections } from '@/lib/wire/cache-order';
import type { CacheMissReason } from '@/lib/wire/cache-sections';
import { pathAsSent, type TranslatedBody } from '@/lib/wire/openai-chat/chat-as-messages';
import type { RequestShape } from '@/lib/wire/request-shape';
import type { TrafficExchange } from './traffic-exchange';

/** Where a request parts from the earlier request it shares the most with: the place its cache can read no further. */
export interface RequestParting {
  /** The earlier request, as the log names it. */
  earlier: { source: string; index: number; atMs: number };
  /** This request's tokens the two share from the start (in the reported total's tokens). */
  sharedTokens: number;
  /** Where they part, in the words of Anthropic's cache diagnostics; null when this request starts with the whole earlier one. */
  reason: CacheMissReason | null;
  /** The first path into the body that differs (`messages[4].content[0].text`); null as `reason` is. */
  path: string | null;
  /** A word diff of the value at `path`, the earlier request first. */
  diff: TextChunk[];
}

/** How many segments two requests share from the start. */
export function sharedSegments(one: CacheRequest, other: CacheRequest): number {
  const most = Math.min(one.segments.length, other.segments.length);
  let count = 0;
  while (count < most && one.segments[count]!.key === other.segments[count]!.key) count += 1;
  return count;
}

/**
 * Where `later` parts from `earlier`, both as sent: the first place in cache order their bodies
 * differ, with a word diff there. A chat body's messages after the system ones are numbered from the
 * first of them in the path, as the request's own `messages[n]` would be. Two requests a route
 * translated (OpenRouter's chat, Bedrock's Converse, to an Anthropic model) are compared as the
 * Messages requests the model got, in its cache order, and the place is named in the body as sent.
 */
export function requestParting(
  earlier: TrafficExchange,
  later: TrafficExchange,
  shape: RequestShape,
  sharedTokens: number,
  translated?: { earlier: TranslatedBody; later: TranslatedBody },
): RequestParting {
  const base = { earlier: { source: earlier.source, index: earlier.index, atMs: earlier.atMs }, sharedTokens };
  const order = translated === undefined ? shape : 'messages';
  const before = cacheSections(translated?.earlier.body ?? earlier.body, order);
  const after = cacheSections(translated?.later.body ?? later.body, order);
  for (const [at, { reason, path, value }] of before.entries()) {
    const laterValue = after[at]!.value;
    // A chat body's messages after the system ones are numbered from the first of them in the path.
    const offset = order === 'chat' && reason === 'messages_changed' ? (after[1]!.value as unknown[]).length : 0;
    // Growing is not parting: a later request that repeats all of the earlier one's messages and adds more reads them all.
    const compared = Array.isArray(value) && Array.isArray(laterValue) && reason === 'messages_changed' ? laterValue.slice(0, value.length) : laterValue;
    const difference = firstDifference(value, compared, path);
    if (difference === null) continue;
    const numbered =
      translated !== undefined
        ? // A block the later request dropped is named where the earlier one had it.
          (pathAsSent(translated.later, difference.path) ?? pathAsSent(translated.earlier, difference.path) ?? difference.path)
        : offset === 0
          ? difference.path
          : difference.path.replace(/^messages\[(\d+)\]/, (_, index: string) => `messages[${Number(index) + offset}]`);
    return { ...base, reason, path: numbered, diff: shortDiff(textOf(difference.before), textOf(difference.after)) };
  }
  return { ...base, reason: null, path: null, diff: [] };
}

function textOf(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 1) ?? String(value));
}
