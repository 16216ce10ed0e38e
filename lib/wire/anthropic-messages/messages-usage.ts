import { type ReportedUsage, tokenFigure, usageFigures } from '../usage-figures';

/** A Messages usage object's figures, each 0 when it is not there (what a session file sums, answer by answer). */
export function messagesUsageFigures(raw: Record<string, unknown>): {
  cachedTokens: number;
  writtenTokens: number;
  uncachedTokens: number;
  outputTokens: number;
} {
  return {
    cachedTokens: tokenFigure(raw.cache_read_input_tokens) ?? 0,
    writtenTokens: tokenFigure(raw.cache_creation_input_tokens) ?? 0,
    uncachedTokens: tokenFigure(raw.input_tokens) ?? 0,
    outputTokens: tokenFigure(raw.output_tokens) ?? 0,
  };
}

/** Anthropic: `input_tokens` are only the tokens after the last breakpoint. Null without a cache figure (another API's spelling). */
export function readMessagesUsage(raw: Record<string, unknown>): ReportedUsage | null {
  const read = tokenFigure(raw.cache_read_input_tokens);
  const created = tokenFigure(raw.cache_creation_input_tokens);
  if (read === undefined && created === undefined) return null;
  return usageFigures('anthropic', read ?? 0, created ?? 0, undefined, tokenFigure(raw.input_tokens) ?? 0, raw.output_tokens);
}

/**
 * `message_delta`'s usage over what `message_start` said: each figure it carries replaces the
 * start's, one by one (the SDK types them nullable, and a null keeps the start's figure); without
 * a start, its cache figures are the usage.
 */
export function withMessageDelta(found: ReportedUsage | null, delta: Record<string, unknown> | undefined): ReportedUsage | null {
  if (delta === undefined) return found;
  if (found === null || found.format !== 'anthropic') {
    const alone = readMessagesUsage(delta);
    if (alone !== null) return alone;
    const output = tokenFigure(delta.output_tokens);
    return found === null || output === undefined ? found : { ...found, outputTokens: output };
  }
  return {
    ...found,
    cachedTokens: tokenFigure(delta.cache_read_input_tokens) ?? found.cachedTokens,
    writtenTokens: tokenFigure(delta.cache_creation_input_tokens) ?? found.writtenTokens,
    uncachedTokens: tokenFigure(delta.input_tokens) ?? found.uncachedTokens,
    outputTokens: tokenFigure(delta.output_tokens) ?? found.outputTokens,
  };
}

/** Whether a stream's `message_delta` carried cache figures: the call's cumulative ones, over every round it ran. */
export function cumulativeUsageIn(events: readonly unknown[]): boolean {
  return events.some((event) => {
    if (typeof event !== 'object' || event === null || (event as { type?: unknown }).type !== 'message_delta') return false;
    const usage = (event as { usage?: Record<string, unknown> }).usage;
    return tokenFigure(usage?.cache_read_input_tokens) !== undefined || tokenFigure(usage?.cache_creation_input_tokens) !== undefined;
  });
}
