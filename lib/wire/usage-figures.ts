/**
 * A request's token usage as the provider reported it, in the forecast's three disjoint parts:
 * read from the cache, written to it, and neither. Providers spell this seven ways; each API's
 * folder reads its own spellings, and `readUsage` (reported-usage.ts) picks the one a payload is in.
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

/** A token figure as a usage object reports it: a finite count, else nothing. */
export const tokenFigure = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

/** The three parts from what a spelling gives: a total that counts the cached tokens (OpenAI's prompt_tokens) gives the rest by difference. */
export function usageFigures(
  format: UsageFormat,
  cached: number,
  written: number,
  total: number | undefined,
  uncached: number | undefined,
  output: unknown,
): ReportedUsage {
  return {
    cachedTokens: cached,
    writtenTokens: written,
    uncachedTokens: uncached ?? Math.max(0, (total ?? 0) - cached - written),
    outputTokens: tokenFigure(output) ?? null,
    format,
  };
}
