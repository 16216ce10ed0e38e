import { isRecord } from '@/lib/json/is-record';
import { type ReportedUsage, tokenFigure, usageFigures } from '../usage-figures';

/** DeepSeek: hits and misses add up to `prompt_tokens`; a miss is stored for later requests. */
export function readDeepSeekUsage(raw: Record<string, unknown>): ReportedUsage | null {
  const hit = tokenFigure(raw.prompt_cache_hit_tokens);
  const miss = tokenFigure(raw.prompt_cache_miss_tokens);
  if (hit === undefined || miss === undefined) return null;
  return usageFigures('deepseek', hit, miss, undefined, 0, raw.completion_tokens);
}

/** OpenAI Chat Completions (and DashScope, which adds Anthropic's creation count to the same details). */
export function readChatUsage(raw: Record<string, unknown>): ReportedUsage | null {
  const details = raw.prompt_tokens_details;
  if (!isRecord(details) || tokenFigure(raw.prompt_tokens) === undefined) return null;
  const written = tokenFigure(details.cache_write_tokens) ?? tokenFigure(details.cache_creation_input_tokens) ?? 0;
  return usageFigures('openai-chat', tokenFigure(details.cached_tokens) ?? 0, written, tokenFigure(raw.prompt_tokens), undefined, raw.completion_tokens);
}

/** Kimi: a top-level `cached_tokens` beside OpenAI's `prompt_tokens`. */
export function readKimiUsage(raw: Record<string, unknown>): ReportedUsage | null {
  const cached = tokenFigure(raw.cached_tokens);
  if (cached === undefined || tokenFigure(raw.prompt_tokens) === undefined) return null;
  return usageFigures('kimi', cached, 0, tokenFigure(raw.prompt_tokens), undefined, raw.completion_tokens);
}
