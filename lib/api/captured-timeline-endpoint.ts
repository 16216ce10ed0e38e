import { z } from 'zod';
import { answeringErrors, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { zodIssues } from '@/lib/http/zod-issues';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import type { CaptureStore } from '@/lib/recording/capture-store';
import { capturedExchanges } from '@/lib/recording/captured-traffic';
import { timelineReport } from '@/lib/traffic/timeline-report';
import { CAPTURES_LISTED_BYTES, guard } from './captures-endpoint';
import { countQuery, requestedCounter } from './provider-prefix-counter';

// Not strict: a GET's query may carry a cache-buster or a tracking parameter the page never reads.
const querySchema = z.object({ count: countQuery });

/** The newest captures the timeline replays: a long session's worth, within the listing's byte budget. */
const CAPTURES_REPLAYED = 500;

/**
 * `GET /api/captures/timeline`: the captured requests a provider answered with its usage, oldest
 * first, through the cache rules as an imported log is (each with the breakpoints it was sent
 * with, beside the usage reported, and Anthropic's own diagnosis where the request asked for one),
 * with the agreement per provider and the breakpoint what-if. `captures` counts what was read.
 * `?count=anthropic` has Anthropic count its requests' prefixes first (`provider-prefix-counter.ts`).
 */
export function capturedTimelineHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env, fetchImpl?: typeof fetch) {
  return answeringErrors('replay captured traffic', async (request: Request): Promise<Response> => {
    guard(request, env);
    const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw invalidRequest('The query is not one this endpoint takes.', zodIssues(query.error));
    const count = requestedCounter(query.data.count, env, request, fetchImpl);
    const captures = store().list(CAPTURES_REPLAYED, CAPTURES_LISTED_BYTES);
    const exchanges = capturedExchanges(captures, PROVIDER_RULES);
    return jsonResponse({ status: 'ok', captures: captures.length, ...(await timelineReport(exchanges, PROVIDER_RULES, count)) });
  });
}
