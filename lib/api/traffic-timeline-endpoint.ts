import 'server-only';
import { z } from 'zod';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readBodyBytes } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { detectTrafficFormat, readTrafficLog } from '@/lib/traffic/read-traffic-log';
import { timelineReport } from '@/lib/traffic/timeline-report';
import { TRAFFIC_FORMAT_LABELS, TRAFFIC_FORMATS } from '@/lib/traffic/traffic-formats';
import { countQuery, requestedCounter } from './provider-prefix-counter';

/** Larger than the logs seen (the 64-request claude-trace log is 2 MB), small enough to replay in seconds. */
export const TRAFFIC_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

const querySchema = z.strictObject({
  format: z.enum(TRAFFIC_FORMATS, { error: `format must be one of: ${TRAFFIC_FORMATS.join(', ')} (or left out to detect it)` }).optional(),
  name: z.string().max(300, 'name must be at most 300 characters').optional(),
  count: countQuery,
});

/**
 * `POST /api/traffic/timeline?format=&name=` with a traffic log as the body: every model request
 * in it that the timeline reads, predicted from the shipped cache rules with its own breakpoints, beside the usage its
 * provider reported, with a verdict per request and the agreement per provider; and the session
 * priced with its breakpoints placed otherwise. `count=anthropic` has Anthropic count its requests'
 * prefixes first (`provider-prefix-counter.ts`); `fetchImpl` is for tests, a local server standing in.
 */
export function trafficTimelineHandler(env: Record<string, string | undefined> = process.env, fetchImpl?: typeof fetch) {
  return answeringErrors('replay this traffic', async (request: Request): Promise<Response> => {
    const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw invalidRequest('The query is not one this endpoint takes.', zodIssues(query.error));
    // Checked before the body is read: without a key the answer is the same whatever the log.
    const count = requestedCounter(query.data.count, env, request, fetchImpl);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(await readBodyBytes(request, TRAFFIC_BODY_LIMIT_BYTES));
    if (text.trim() === '')
      throw new HttpError(400, 'empty', 'The body is empty: send a claude-trace JSONL log, a HAR file, a mini-swe-agent trajectory or a VCR cassette.');
    const format = query.data.format ?? detectTrafficFormat(text);
    const source = query.data.name ?? '';
    const log = readTrafficLog(format, text, source);
    const label = TRAFFIC_FORMAT_LABELS[format];
    if (log.exchanges.length === 0) {
      throw new HttpError(
        422,
        'no-model-requests',
        `No model request with a messages list was found in ${label.file}${log.problems.length === 0 ? '.' : `: ${log.problems.length} unreadable (first: ${log.problems[0]!.message}).`}`,
        log.problems.length === 0
          ? {}
          : {
              issues: log.problems.slice(0, 20).map((problem) => ({ path: `${label.place} ${problem.line}`, message: problem.message })),
            },
      );
    }
    return jsonResponse({ status: 'ok', format, source, problems: log.problems, ...(await timelineReport(log.exchanges, PROVIDER_RULES, count)) });
  });
}

export const answerTrafficTimelineRequest = trafficTimelineHandler();
