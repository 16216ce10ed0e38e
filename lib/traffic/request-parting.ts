import type { TextChunk } from '@/lib/compare/part-diff';
import type { CacheRequest } from '@/lib/provider-cache/cache-request';
import { type CacheMissReason, firstDifference, shortDiff } from '@/lib/provider-cache/miss-explainer';
import type { RequestShape, TrafficExchange } from './traffic-exchange';

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

/** A request as its cache reads it: what differs only in where `cache_control` marks it is the same content. */
function withoutCacheControl(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCacheControl);
  if (typeof value !== 'object' || value === null) return value;
  const { cache_control: _, ...rest } = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, withoutCacheControl(inner)]));
}

/**
 * A chat message whose content is one text part, as the string it reads the same as: a client that
 * marks its latest prompt sends it as a part, and as a string once the breakpoint has moved on.
 */
function asText(message: unknown): unknown {
  if (typeof message !== 'object' || message === null) return message;
  const { content } = message as { content?: unknown };
  if (!Array.isArray(content) || content.length !== 1) return message;
  const [part] = content as { type?: unknown; text?: unknown }[];
  const only = Object.keys(part ?? {}).every((key) => key === 'type' || key === 'text');
  return only && part!.type === 'text' && typeof part!.text === 'string' ? { ...message, content: part!.text } : message;
}

const isCachePoint = (item: unknown) => typeof item === 'object' && item !== null && 'cachePoint' in item;

/** A Converse list as its cache reads it: a `cachePoint` marks where to cache, it is not content. */
function withoutCachePoints(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isCachePoint(item)).map(withoutCachePoints);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutCachePoints(inner)]));
}

/**
 * A path into a body read without its `cachePoint` items (`messages[0].content[1]`), as the body
 * was sent: each index counted again past the cache points before it.
 */
function withCachePointsCounted(path: string, body: unknown): string {
  let node = body;
  return path.replace(/([^.[\]]+)|\[(\d+)\]/g, (token, key: string | undefined, index: string | undefined) => {
    if (key !== undefined) {
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
      return token;
    }
    if (!Array.isArray(node)) return token;
    let kept = -1;
    const at = node.findIndex((item) => !isCachePoint(item) && ++kept === Number(index));
    node = node[at];
    return at === -1 ? token : `[${at}]`;
  });
}

/** The body's parts in the order its provider caches them, each with the diagnostics' word for a change there. */
function cacheOrder(body: Record<string, unknown>, shape: RequestShape): [CacheMissReason, string, unknown][] {
  if (shape === 'messages') {
    return [
      ['model_changed', 'model', body.model],
      ['tools_changed', 'tools', withoutCacheControl(body.tools ?? [])],
      ['system_changed', 'system', withoutCacheControl(typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : (body.system ?? []))],
      ['messages_changed', 'messages', withoutCacheControl(body.messages ?? [])],
    ];
  }
  if (shape === 'gemini') {
    return [
      ['system_changed', 'systemInstruction', body.systemInstruction ?? null],
      ['tools_changed', 'tools', body.tools ?? []],
      ['messages_changed', 'contents', body.contents ?? []],
    ];
  }
  if (shape === 'converse') {
    const toolConfig = (body.toolConfig ?? {}) as Record<string, unknown>;
    return [
      ['tools_changed', 'toolConfig.tools', withoutCachePoints(toolConfig.tools ?? [])],
      ['system_changed', 'system', withoutCachePoints(body.system ?? [])],
      ['messages_changed', 'messages', withoutCachePoints(body.messages ?? [])],
    ];
  }
  if (shape === 'responses') {
    return [
      ['model_changed', 'model', body.model],
      ['system_changed', 'instructions', body.instructions ?? ''],
      ['tools_changed', 'tools', body.tools ?? []],
      ['messages_changed', 'input', typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : (body.input ?? [])],
    ];
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const leading = messages.findIndex((message) => (message as { role?: unknown }).role !== 'system');
  const systemCount = leading === -1 ? messages.length : leading;
  // A router hands a chat body's cache_control on to an Anthropic model: a marker, not content.
  const read = (list: unknown[]) => list.map((message) => asText(withoutCacheControl(message)));
  return [
    ['model_changed', 'model', body.model],
    ['system_changed', 'messages', read(messages.slice(0, systemCount))],
    ['tools_changed', 'tools', withoutCacheControl(body.tools ?? [])],
    ['messages_changed', 'messages', read(messages.slice(systemCount))],
  ];
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
 * first of them in the path, as the request's own `messages[n]` would be.
 */
export function requestParting(earlier: TrafficExchange, later: TrafficExchange, shape: RequestShape, sharedTokens: number): RequestParting {
  const base = { earlier: { source: earlier.source, index: earlier.index, atMs: earlier.atMs }, sharedTokens };
  const before = cacheOrder(earlier.body, shape);
  const after = cacheOrder(later.body, shape);
  for (const [at, [reason, path, value]] of before.entries()) {
    const [, , laterValue] = after[at]!;
    const offset = shape === 'chat' && reason === 'messages_changed' ? (after[1]![2] as unknown[]).length : 0;
    // Growing is not parting: a later request that repeats all of the earlier one's messages and adds more reads them all.
    const compared = Array.isArray(value) && Array.isArray(laterValue) && reason === 'messages_changed' ? laterValue.slice(0, value.length) : laterValue;
    const difference = firstDifference(value, compared, path);
    if (difference === null) continue;
    const numbered =
      shape === 'converse'
        ? withCachePointsCounted(difference.path, later.body)
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
