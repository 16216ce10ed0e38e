import type { CacheRequest } from '@/lib/provider-cache/cache-request';
import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import { messagesBodyOfConverse } from '@/lib/wire/bedrock-converse/converse-as-messages';
import { messagesBodyOfChat, type TranslatedBody } from '@/lib/wire/openai-chat/chat-as-messages';
import { type ReportedUsage, reportedTotal } from '@/lib/wire/reported-usage';
import type { RequestShape } from '@/lib/wire/request-shape';
import { anchoredRequest, type TokenAnchor } from './anchored-token-counts';
import { anthropicCacheRequest, anthropicRoundRequests, type SentCacheRequest } from './anthropic-cache-request';
import { chatCacheRequest } from './chat-cache-request';
import { geminiCacheRequest } from './gemini-cache-request';
import { type ExplicitCacheMade, type ExplicitCacheUse, withExplicitCache } from './gemini-explicit-cache';
import { responsesCacheRequest } from './responses-cache-request';
import { routedEndpoint } from './routed-endpoints';
import type { CacheEndpoint, TrafficExchange } from './traffic-exchange';

/** The endpoints the timeline reads: by host and path, the provider and the shape of what is sent there. */
const ENDPOINTS: { host: RegExp; path: RegExp; provider: ProviderId; shape: RequestShape }[] = [
  { host: /(^|\.)anthropic\.com$/, path: /\/messages$/, provider: 'anthropic', shape: 'messages' },
  // DeepSeek serves Anthropic's API at /anthropic/v1/messages and /anthropic/messages, and its own at /chat/completions.
  { host: /(^|\.)deepseek\.com$/, path: /\/messages$/, provider: 'deepseek', shape: 'messages' },
  { host: /(^|\.)deepseek\.com$/, path: /\/chat\/completions$/, provider: 'deepseek', shape: 'chat' },
  // And OpenAI's Responses API at /responses (pydantic-ai's DeepSeek Responses cassettes).
  { host: /(^|\.)deepseek\.com$/, path: /\/responses$/, provider: 'deepseek', shape: 'responses' },
  { host: /(^|\.)openai\.com$/, path: /\/chat\/completions$/, provider: 'openai', shape: 'chat' },
  { host: /(^|\.)openai\.com$/, path: /\/responses$/, provider: 'openai', shape: 'responses' },
  // Codex signed in with ChatGPT sends the Responses API to ChatGPT's backend.
  { host: /(^|\.)chatgpt\.com$/, path: /\/codex\/responses$/, provider: 'openai', shape: 'responses' },
  // Gemini's implicit cache: the model is in the path, the body carries none.
  { host: /^generativelanguage\.googleapis\.com$/, path: /\/models\/[^/]+:(generateContent|streamGenerateContent)$/, provider: 'gemini', shape: 'gemini' },
];

/** The provider an exchange went to and the shape of its body, when it is a call the timeline reads. */
export function cachedEndpoint(exchange: TrafficExchange): CacheEndpoint | null {
  if (exchange.endpoint !== undefined) return exchange.endpoint;
  const url = URL.canParse(exchange.url) ? new URL(exchange.url) : null;
  if (url === null) return null;
  const found = ENDPOINTS.find((endpoint) => endpoint.host.test(url.hostname) && endpoint.path.test(url.pathname));
  return found === undefined ? routedEndpoint(url, exchange.model) : { provider: found.provider, shape: found.shape };
}

/** A request the timeline reads, taken apart once: what a replay under any breakpoint placement starts from. */
export interface PreparedRequest {
  exchange: TrafficExchange;
  provider: ProviderId;
  shape: RequestShape;
  /** The router or cloud it went through; its cache is that account's, apart from the provider's own. */
  via?: string;
  /** The model as the provider's rules name it. */
  model: string;
  /** The request as sent, its counts scaled to the reported total, and the breakpoints it carried. */
  request: CacheRequest;
  breakpoints: readonly number[];
  /**
   * The further rounds the provider ran inside the call (server tools), each a request to the cache
   * with its breakpoints; the reported usage adds them all up, so the scale counts them too.
   */
  rounds: readonly SentCacheRequest[];
  /** The explicit cache the request names (Gemini's `cachedContent`); its content leads the request. */
  explicitCache?: ExplicitCacheUse;
  /** Where its token counts come from. */
  tokens: TokenSource;
  /** The Messages request a routed body became (OpenRouter's chat, Bedrock's Converse): what partings compare. */
  translation?: TranslatedBody;
}

/**
 * `provider`: prefixes counted by the provider (Anthropic's `count_tokens`) at its breakpoints and
 * end; `scaled`: Fork Lab's offline counts scaled to the reported total, so shares are compared;
 * `offline`: the offline counts as they are, with no usage to scale them to.
 */
export type TokenSource = 'provider' | 'scaled' | 'offline';

/**
 * The requests with their offline counts scaled to the total the provider reported: its tokenizer
 * is not Fork Lab's, so prefixes are compared as shares of the request, and a tokenizer difference
 * is not read as a cache difference. A call of several rounds is scaled as one.
 */
function scaled(requests: readonly CacheRequest[], usage: ReportedUsage | null): CacheRequest[] {
  const counted = requests.reduce((sum, request) => sum + request.segments.reduce((part, segment) => part + segment.tokens, 0), 0);
  if (usage === null || counted === 0) return [...requests];
  const factor = reportedTotal(usage) / counted;
  return requests.map((request) => ({ ...request, segments: request.segments.map((segment) => ({ ...segment, tokens: segment.tokens * factor })) }));
}

/** A translated body as Anthropic caches it, each segment named by where it stood in the body as sent. */
async function translatedRequest(translation: TranslatedBody): Promise<SentCacheRequest & { translation: TranslatedBody }> {
  const sent = await anthropicCacheRequest(translation.body);
  const segments = sent.request.segments.map((segment, at) => ({ ...segment, path: translation.origins[at] ?? segment.path }));
  return { ...sent, request: { ...sent.request, segments }, translation };
}

/** The request as sent, in cache segments, with the breakpoints it carried (those that cache at breakpoints). */
async function sentRequest(
  { shape, provider }: CacheEndpoint,
  exchange: TrafficExchange,
  model: string,
): Promise<SentCacheRequest & { translation?: TranslatedBody }> {
  const { body } = exchange;
  if (shape === 'messages') return anthropicCacheRequest(body);
  if (shape === 'converse') return translatedRequest(messagesBodyOfConverse(body, model));
  if (shape === 'chat' && provider === 'anthropic') return translatedRequest(messagesBodyOfChat(body, model));
  if (shape === 'gemini') return { request: await geminiCacheRequest(body, exchange.url), breakpoints: [] };
  return { request: await (shape === 'chat' ? chatCacheRequest(body) : responsesCacheRequest(body)), breakpoints: [] };
}

/** Every request to an endpoint the timeline reads, in the order sent, in cache segments. */
export async function prepareTraffic(exchanges: readonly TrafficExchange[]): Promise<PreparedRequest[]> {
  const prepared: PreparedRequest[] = [];
  const created = new Map<string, ExplicitCacheMade>();
  for (const exchange of [...exchanges].sort((a, b) => a.atMs - b.atMs || a.index - b.index)) {
    const { createdCache } = exchange;
    if (createdCache) {
      const request = await geminiCacheRequest(exchange.body, exchange.url);
      created.set(createdCache.name, { request, createdAtMs: exchange.atMs, expiresAtMs: createdCache.expiresAtMs });
    }
    const endpoint = cachedEndpoint(exchange);
    if (endpoint === null) continue;
    const sentAs = await sentRequest(endpoint, exchange, endpoint.model ?? exchange.model);
    const { translation } = sentAs;
    // Requests are compared by the model the provider caches for: the route's name for it, else the
    // body's, else the request's own (Gemini's is in the URL).
    const model = endpoint.model ?? (exchange.model !== '' ? exchange.model : sentAs.request.model);
    let sent: SentCacheRequest = { request: { ...sentAs.request, model }, breakpoints: sentAs.breakpoints };
    const named = endpoint.shape === 'gemini' && typeof exchange.body.cachedContent === 'string' ? exchange.body.cachedContent : null;
    const explicit = named === null ? null : withExplicitCache(sent.request, named, created.get(named) ?? null);
    if (explicit !== null) sent = { ...sent, request: explicit.request };
    const rounds = (
      endpoint.shape === 'messages' && exchange.serverRounds?.length ? await anthropicRoundRequests(exchange.body, exchange.serverRounds) : []
    ).map((round) => ({ ...round, request: { ...round.request, model } }));
    const [request, ...roundRequests] = scaled([sent.request, ...rounds.map((round) => round.request)], exchange.usage);
    prepared.push({
      exchange,
      // The endpoint's provider, shape and route; the model as resolved above, not the route's alone.
      ...endpoint,
      model,
      request: request!,
      breakpoints: sent.breakpoints,
      rounds: rounds.map((round, at) => ({ request: roundRequests[at]!, breakpoints: round.breakpoints })),
      ...(explicit === null ? {} : { explicitCache: explicit.use }),
      tokens: exchange.usage === null ? 'offline' : 'scaled',
      ...(translation === undefined ? {} : { translation }),
    });
  }
  return prepared;
}

/** The prepared requests with the prefixes the provider counted: their segments fitted to those counts. */
export function withProviderCounts(prepared: readonly PreparedRequest[], anchors: readonly (readonly TokenAnchor[] | null)[]): PreparedRequest[] {
  return prepared.map((request, at) => {
    const found = anchors[at];
    const total = request.exchange.usage === null ? null : reportedTotal(request.exchange.usage);
    const fitted = found === null || found === undefined ? request.request : anchoredRequest(request.request, found, total);
    // Said to be the provider's count only where a count changed the figures' source.
    return fitted === request.request ? request : { ...request, request: fitted, tokens: 'provider' };
  });
}
