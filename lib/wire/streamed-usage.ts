import { withMessageDelta } from './anthropic-messages/messages-usage';
import { type ReportedUsage, readUsage } from './reported-usage';
import { streamEventData } from './server-sent-events';

export { cumulativeUsageIn } from './anthropic-messages/messages-usage';

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
      found = withMessageDelta(found, typeof event.usage === 'object' && event.usage !== null ? event.usage : undefined);
      continue;
    }
    // The Responses API's usage comes once, in the finished response of `response.completed`.
    const holder = event.type === 'message_start' ? event.message : event.type === 'response.completed' ? event.response : event;
    found = readUsage(holder) ?? found;
  }
  return found;
}
