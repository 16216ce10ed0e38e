import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import type { ReportedUsage } from '@/lib/wire/reported-usage';
import type { RequestShape } from '@/lib/wire/request-shape';
import type { ProviderDiagnosis } from './provider-diagnosis';

/** One model request read from a traffic log, with what the provider reported for it. */
export interface TrafficExchange {
  /** The log it was read from, as the reader was told (a file name); '' when not told. */
  source: string;
  /** Its place in the log (0-based), as a person finds it there. */
  index: number;
  /** When it was sent, in milliseconds since the epoch. */
  atMs: number;
  url: string;
  /**
   * Where it went, when its URL does not say: a captured request reached Fork Lab's own route and
   * was forwarded on, so its provider and body shape are read off the API and the model.
   */
  endpoint?: CacheEndpoint;
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** The model the body names; '' when it names none. */
  model: string;
  /** The usage in the provider's answer (streamed or not); null when the log has none. */
  usage: ReportedUsage | null;
  /**
   * The answer so far each time the provider ran the model again inside this call: Anthropic's
   * server tools (web search, code execution) sample once more after each result, and each round
   * reads and writes the cache as a request of its own. Absent or empty: one round.
   */
  serverRounds?: readonly Record<string, unknown>[][];
  /** An explicit cache this call created (Gemini's `POST …/cachedContents`), for later requests that name it. */
  createdCache?: CreatedCache | null;
  /** The answer's id (Anthropic's `msg_…`), which a later request names to have its cache miss diagnosed. */
  answerId?: string;
  /** What the provider said of this request's cache miss, when the request asked (`diagnostics.previous_message_id`). */
  diagnosis?: ProviderDiagnosis;
}

/** An explicit cache a call created: the name later requests give, and when it expires (ms since the epoch; null when the answer says not). */
export interface CreatedCache {
  name: string;
  expiresAtMs: number | null;
}

/** A line of a log that was not read, and why. */
export interface TrafficProblem {
  line: number;
  message: string;
}

export interface TrafficLog {
  exchanges: TrafficExchange[];
  problems: TrafficProblem[];
}

/** Where a request went, as the timeline reads it: the provider whose cache rule applies and the shape of the body. */
export interface CacheEndpoint {
  provider: ProviderId;
  shape: RequestShape;
  /** The router or cloud between the client and the model's provider (OpenRouter, Amazon Bedrock); absent when sent to the provider itself. */
  via?: string;
  /** The model as the provider's rules name it, where the request names it otherwise (`anthropic/claude-sonnet-4.6`). */
  model?: string;
}

/** A provider with the route its requests took (`anthropic`, `anthropic via Amazon Bedrock`): each is a cache of its own. */
export function routeLabel({ provider, via }: { provider: ProviderId; via?: string }): string {
  return via === undefined ? provider : `${provider} via ${via}`;
}

/** The API shape of a request body: Anthropic's Messages, Chat Completions, OpenAI's Responses, Gemini's generateContent, or Bedrock's Converse. */
