import { type ReportedUsage, readUsage } from '@/lib/provider-cache/reported-usage';
import { streamEventData } from './stream-event-data';

const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

/**
 * `message_delta`'s usage over what `message_start` said: each figure it carries replaces the
 * start's, one by one (the SDK types them nullable, and a null keeps the start's figure); without
 * a start, its cache figures are the usage.
 */
function withDelta(found: ReportedUsage | null, delta: Record<string, unknown> | undefined): ReportedUsage | null {
  if (delta === undefined) return found;
  if (found === null || found.format !== 'anthropic') {
    const alone = readUsage({ usage: delta });
    if (alone?.format === 'anthropic') return alone;
    const output = count(delta.output_tokens);
    return found === null || output === undefined ? found : { ...found, outputTokens: output };
  }
  return {
    ...found,
    cachedTokens: count(delta.cache_read_input_tokens) ?? found.cachedTokens,
    writtenTokens: count(delta.cache_creation_input_tokens) ?? found.writtenTokens,
    uncachedTokens: count(delta.input_tokens) ?? found.uncachedTokens,
    outputTokens: count(delta.output_tokens) ?? found.outputTokens,
  };
}

/** Whether a stream's `message_delta` carried cache figures: the call's cumulative ones, over every round it ran. */
export function cumulativeUsageIn(events: readonly unknown[]): boolean {
  return events.some((event) => {
    if (typeof event !== 'object' || event === null || (event as { type?: unknown }).type !== 'message_delta') return false;
    const usage = (event as { usage?: Record<string, unknown> }).usage;
    return count(usage?.cache_read_input_tokens) !== undefined || count(usage?.cache_creation_input_tokens) !== undefined;
  });
}

/**
 * The usage a streamed answer reported, from its server-sent events: Anthropic puts the input side
 * (`input_tokens`, `cache_read_input_tokens`, `cache_creation_input_tokens`) on `message_start` and
 * the final `output_tokens` (and, where it sends them, the call's cumulative input side) on
 * `message_delta`; OpenAI-style streams send one usage chunk, the
 * Responses API its usage inside `response.completed`'s response. The last
 * event that reads as usage wins, with an Anthropic `message_start`'s input side kept.
 */
export function streamedUsage(events: string): ReportedUsage | null {
  return usageOfEvents(streamEventData(events));
}

/** The usage of a stream's events, parsed (`streamEventData`). */
export function usageOfEvents(events: readonly unknown[]): ReportedUsage | null {
  let found = null as ReportedUsage | null;
  for (const data of events) {
    if (typeof data !== 'object' || data === null) continue;
    const event = data as { type?: unknown; message?: unknown; response?: unknown; usage?: Record<string, unknown> };
    // message_delta brings the final output count. Where it carries cache figures too they are the
    // call's cumulative ones (the SDK's MessageDeltaUsage): after server tools ran more rounds they
    // exceed message_start's, which counted only the first.
    if (event.type === 'message_delta') {
      found = withDelta(found, typeof event.usage === 'object' && event.usage !== null ? event.usage : undefined);
      continue;
    }
    // The Responses API's usage comes once, in the finished response of `response.completed`.
    const holder = event.type === 'message_start' ? event.message : event.type === 'response.completed' ? event.response : event;
    found = readUsage(holder) ?? found;
  }
  return found;
}
