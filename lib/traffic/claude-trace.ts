import { z } from 'zod';
import { isRecord } from '@/lib/json/is-record';
import { readAnswer } from './read-answer';
import type { TrafficExchange, TrafficLog, TrafficProblem } from './traffic-exchange';

/**
 * A claude-trace record (github.com/badlogic/lemmy, apps/claude-trace): one JSON line per HTTP
 * exchange, timestamps in seconds, the answer parsed into `body` or, streamed, its events in
 * `body_raw`.
 */
const claudeTraceRecord = z.object({
  request: z.object({
    timestamp: z.number(),
    method: z.string(),
    url: z.string(),
    body: z.unknown(),
  }),
  response: z
    .object({
      timestamp: z.number().optional(),
      status_code: z.number().optional(),
      body: z.unknown().optional(),
      body_raw: z.string().optional(),
    })
    .nullish(),
});

/** The model requests of a claude-trace log, in order, each with the usage its answer reported. `source` names the log. */
export function readClaudeTrace(text: string, source = ''): TrafficLog {
  const exchanges: TrafficExchange[] = [];
  const problems: TrafficProblem[] = [];
  text.split('\n').forEach((raw, lineIndex) => {
    const line = raw.trim();
    if (line === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      problems.push({ line: lineIndex + 1, message: 'not JSON' });
      return;
    }
    const parsed = claudeTraceRecord.safeParse(json);
    if (!parsed.success) {
      problems.push({ line: lineIndex + 1, message: `not a claude-trace record: ${parsed.error.issues[0]?.message ?? 'unknown shape'}` });
      return;
    }
    const { request, response } = parsed.data;
    // Telemetry, model lists and other calls carry no model request: a model request has messages
    // (Messages, Chat Completions) or an input (Responses).
    const body = request.body;
    if (request.method !== 'POST' || !isRecord(body)) return;
    if (!(Array.isArray(body.messages) || Array.isArray(body.input) || typeof body.input === 'string')) return;
    exchanges.push({
      source,
      index: exchanges.length,
      atMs: Math.round(request.timestamp * 1000),
      url: request.url,
      body,
      model: typeof body.model === 'string' ? body.model : '',
      ...readAnswer(response?.body ?? response?.body_raw ?? null),
    });
  });
  return { exchanges, problems };
}
