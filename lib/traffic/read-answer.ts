import { type ReportedUsage, readUsage } from '@/lib/provider-cache/reported-usage';
import { serverToolRounds, streamedMessageContent } from './server-tool-rounds';
import { streamedUsage } from './streamed-usage';
import type { CreatedCache, TrafficExchange } from './traffic-exchange';

/**
 * What the cache timeline reads of a provider's answer, as an exchange holds it: the usage, and
 * server rounds or a created cache only where the answer has them.
 */
export type AnswerFacts = Pick<TrafficExchange, 'usage' | 'serverRounds' | 'createdCache'>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A Gemini `cachedContents` resource as its creation answers it: the name a later request gives as
 * `cachedContent`, and when it expires (RFC 3339; a cache is kept until then, not refreshed by use).
 */
function createdCacheOf(answer: Record<string, unknown>): CreatedCache | null {
  if (typeof answer.name !== 'string' || !answer.name.startsWith('cachedContents/')) return null;
  const expires = typeof answer.expireTime === 'string' ? Date.parse(answer.expireTime) : Number.NaN;
  return { name: answer.name, expiresAtMs: Number.isNaN(expires) ? null : expires };
}

function facts(usage: ReportedUsage | null, serverRounds: Record<string, unknown>[][], createdCache: CreatedCache | null): AnswerFacts {
  return { usage, ...(serverRounds.length > 0 ? { serverRounds } : {}), ...(createdCache === null ? {} : { createdCache }) };
}

/** An answer as a log keeps it (parsed JSON, or the text of a server-sent event stream), read once for everything the timeline needs. */
export function readAnswer(answer: unknown): AnswerFacts {
  if (typeof answer === 'string') {
    const content = streamedMessageContent(answer);
    return facts(streamedUsage(answer), content === null ? [] : serverToolRounds(content), null);
  }
  if (!isObject(answer)) return { usage: null };
  return facts(readUsage(answer), Array.isArray(answer.content) ? serverToolRounds(answer.content) : [], createdCacheOf(answer));
}
