import { isRecord } from '@/lib/json/is-record';
import { serverToolRounds } from '@/lib/wire/anthropic-messages/server-tool-rounds';
import { messageContentOfEvents } from '@/lib/wire/anthropic-messages/streamed-content';
import { readUsage } from '@/lib/wire/reported-usage';
import { streamEventData } from '@/lib/wire/server-sent-events';
import { cumulativeUsageIn, usageOfEvents } from '@/lib/wire/streamed-usage';
import { diagnosisOf } from './provider-diagnosis';
import type { CreatedCache, TrafficExchange } from './traffic-exchange';

/**
 * What the cache timeline reads of a provider's answer, as an exchange holds it: the usage, and
 * server rounds, a created cache, the answer's id and the provider's cache diagnosis only where
 * the answer has them.
 */
export type AnswerFacts = Pick<TrafficExchange, 'usage' | 'serverRounds' | 'createdCache' | 'answerId' | 'diagnosis'>;

/**
 * A Gemini `cachedContents` resource as its creation answers it: the name a later request gives as
 * `cachedContent`, and when it expires (RFC 3339; a cache is kept until then, not refreshed by use).
 */
function createdCacheOf(answer: Record<string, unknown>): CreatedCache | null {
  if (typeof answer.name !== 'string' || !answer.name.startsWith('cachedContents/')) return null;
  const expires = typeof answer.expireTime === 'string' ? Date.parse(answer.expireTime) : Number.NaN;
  return { name: answer.name, expiresAtMs: Number.isNaN(expires) ? null : expires };
}

/** The answer's message as a Messages answer holds it, or a stream's `message_start` does: its id and diagnostics. */
function messageFacts(message: unknown): Pick<AnswerFacts, 'answerId' | 'diagnosis'> {
  if (!isRecord(message)) return {};
  const diagnosis = diagnosisOf(message);
  return {
    ...(typeof message.id === 'string' && message.id !== '' ? { answerId: message.id } : {}),
    ...(diagnosis === undefined ? {} : { diagnosis }),
  };
}

function facts(usage: AnswerFacts['usage'], serverRounds: Record<string, unknown>[][], createdCache: CreatedCache | null): AnswerFacts {
  return { usage, ...(serverRounds.length > 0 ? { serverRounds } : {}), ...(createdCache === null ? {} : { createdCache }) };
}

/** An answer as a log keeps it (parsed JSON, or the text of a server-sent event stream), read once for everything the timeline needs. */
export function readAnswer(answer: unknown): AnswerFacts {
  if (typeof answer === 'string') {
    const events = streamEventData(answer);
    // Rounds are replayed only against usage that counts them all: a stream whose message_delta
    // carries no cache figures reported message_start's, the first round's alone.
    const content = cumulativeUsageIn(events) ? messageContentOfEvents(events) : null;
    const start = events.find((event) => isRecord(event) && event.type === 'message_start') as { message?: unknown } | undefined;
    return { ...facts(usageOfEvents(events), content === null ? [] : serverToolRounds(content), null), ...messageFacts(start?.message) };
  }
  if (!isRecord(answer)) return { usage: null };
  return {
    ...facts(readUsage(answer), Array.isArray(answer.content) ? serverToolRounds(answer.content) : [], createdCacheOf(answer)),
    ...(answer.type === 'message' ? messageFacts(answer) : {}),
  };
}
