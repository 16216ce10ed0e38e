import { isRecord } from '@/lib/json/is-record';

/**
 * A request's token usage as the provider reported it, in the forecast's three disjoint parts:
 * read from the cache, written to it, and neither. Providers spell this seven ways; each reader
 * below takes one spelling, and `readUsage` picks the one a payload is in.
 */
export interface ReportedUsage {
  cachedTokens: number;
  writtenTokens: number;
  uncachedTokens: number;
  outputTokens: number | null;
  /** Which spelling it was read from. */
  format: UsageFormat;
}

export const USAGE_FORMATS = ['anthropic', 'openai-chat', 'openai-responses', 'gemini', 'deepseek', 'kimi', 'bedrock', 'ai-sdk'] as const;
export type UsageFormat = (typeof USAGE_FORMATS)[number];

type Json = Record<string, unknown>;

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

function usage(format: UsageFormat, cached: number, written: number, total: number | undefined, uncached: number | undefined, output: unknown): ReportedUsage {
  return {
    cachedTokens: cached,
    writtenTokens: written,
    // A total that counts the cached tokens (OpenAI's prompt_tokens) gives the rest by difference.
    uncachedTokens: uncached ?? Math.max(0, (total ?? 0) - cached - written),
    outputTokens: num(output) ?? null,
    format,
  };
}

/** Anthropic: `input_tokens` are only the tokens after the last breakpoint. */
function anthropic(raw: Json): ReportedUsage | null {
  const read = num(raw.cache_read_input_tokens);
  const created = num(raw.cache_creation_input_tokens);
  if (read === undefined && created === undefined) return null;
  return usage('anthropic', read ?? 0, created ?? 0, undefined, num(raw.input_tokens) ?? 0, raw.output_tokens);
}

/** DeepSeek: hits and misses add up to `prompt_tokens`; a miss is stored for later requests. */
function deepseek(raw: Json): ReportedUsage | null {
  const hit = num(raw.prompt_cache_hit_tokens);
  const miss = num(raw.prompt_cache_miss_tokens);
  if (hit === undefined || miss === undefined) return null;
  return usage('deepseek', hit, miss, undefined, 0, raw.completion_tokens);
}

/** OpenAI Chat Completions (and DashScope, which adds Anthropic's creation count to the same details). */
function openaiChat(raw: Json): ReportedUsage | null {
  const details = raw.prompt_tokens_details;
  if (!isRecord(details) || num(raw.prompt_tokens) === undefined) return null;
  const written = num(details.cache_write_tokens) ?? num(details.cache_creation_input_tokens) ?? 0;
  return usage('openai-chat', num(details.cached_tokens) ?? 0, written, num(raw.prompt_tokens), undefined, raw.completion_tokens);
}

/** OpenAI Responses. */
function openaiResponses(raw: Json): ReportedUsage | null {
  const details = raw.input_tokens_details;
  if (!isRecord(details) || num(raw.input_tokens) === undefined) return null;
  return usage('openai-responses', num(details.cached_tokens) ?? 0, num(details.cache_write_tokens) ?? 0, num(raw.input_tokens), undefined, raw.output_tokens);
}

/** Gemini: `promptTokenCount` includes `cachedContentTokenCount`; writes are not reported. */
function gemini(raw: Json): ReportedUsage | null {
  const metadata = isRecord(raw.usageMetadata) ? raw.usageMetadata : raw;
  const prompt = num(metadata.promptTokenCount);
  if (prompt === undefined) return null;
  return usage('gemini', num(metadata.cachedContentTokenCount) ?? 0, 0, prompt, undefined, metadata.candidatesTokenCount);
}

/** Kimi: a top-level `cached_tokens` beside OpenAI's `prompt_tokens`. */
function kimi(raw: Json): ReportedUsage | null {
  const cached = num(raw.cached_tokens);
  if (cached === undefined || num(raw.prompt_tokens) === undefined) return null;
  return usage('kimi', cached, 0, num(raw.prompt_tokens), undefined, raw.completion_tokens);
}

/** Amazon Bedrock's Converse: as Anthropic's, `inputTokens` are only what was neither read nor written. */
function bedrock(raw: Json): ReportedUsage | null {
  const input = num(raw.inputTokens);
  // The AI SDK's own usage is spelled alike but counts cached tokens inside inputTokens: not Bedrock's.
  const aiSdk = 'cachedInputTokens' in raw || 'inputTokenDetails' in raw || 'reasoningTokens' in raw;
  if (input === undefined || num(raw.outputTokens) === undefined || aiSdk) return null;
  return usage('bedrock', num(raw.cacheReadInputTokens) ?? 0, num(raw.cacheWriteInputTokens) ?? 0, undefined, input, raw.outputTokens);
}

const READERS = [anthropic, deepseek, openaiChat, openaiResponses, gemini, kimi, bedrock];

/** A provider's usage object (or a response holding one under `usage`), in whichever spelling it is; null when none fits. */
export function readUsage(payload: unknown): ReportedUsage | null {
  if (!isRecord(payload)) return null;
  const raw = isRecord(payload.usage) ? payload.usage : payload;
  for (const read of READERS) {
    const found = read(raw);
    if (found !== null) return found;
  }
  return null;
}

/** Every input token of the request, whichever part the provider billed it in. */
export function reportedTotal(usage: ReportedUsage): number {
  return usage.cachedTokens + usage.writtenTokens + usage.uncachedTokens;
}

/** The AI SDK's usage of one step: the provider's own payload when it kept one, else the SDK's normalised figures. */
export interface StepUsage {
  inputTokens: number | undefined;
  inputTokenDetails?: { noCacheTokens: number | undefined; cacheReadTokens: number | undefined; cacheWriteTokens: number | undefined };
  outputTokens: number | undefined;
  raw?: unknown;
}

export function readStepUsage(step: StepUsage): ReportedUsage | null {
  const fromRaw = readUsage(step.raw);
  if (fromRaw !== null) return fromRaw;
  if (step.inputTokens === undefined) return null;
  const details = step.inputTokenDetails;
  const cached = details?.cacheReadTokens ?? 0;
  const written = details?.cacheWriteTokens ?? 0;
  return usage('ai-sdk', cached, written, step.inputTokens, details?.noCacheTokens, step.outputTokens);
}
