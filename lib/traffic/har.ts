import type { Content, Entry, PostData, Request, Response } from 'har-format';
import { z } from 'zod';
import { isRecord } from '@/lib/json/is-record';
import { readAnswer } from './read-answer';
import type { TrafficExchange, TrafficLog, TrafficProblem } from './traffic-exchange';

/** What Fork Lab reads of a HAR 1.2 entry (the types of the `har-format` package, cut to those fields). */
type HarEntryRead = Pick<Entry, 'startedDateTime'> & {
  request: Pick<Request, 'method' | 'url'> & { postData?: Pick<PostData, 'mimeType' | 'text'> };
  response: Pick<Response, 'status'> & { content: Pick<Content, 'mimeType' | 'text' | 'encoding'> };
};

const harEntry: z.ZodType<HarEntryRead> = z.object({
  startedDateTime: z.string(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    postData: z.object({ mimeType: z.string(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    content: z.object({ mimeType: z.string(), text: z.string().optional(), encoding: z.string().optional() }),
  }),
});

const harLog = z.object({ log: z.object({ entries: z.array(z.unknown()) }) });

function jsonOrNull(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The answer's text as sent: HAR keeps a binary-looking body base64-encoded. */
function answerText(content: HarEntryRead['response']['content']): string | undefined {
  if (content.text === undefined || content.encoding !== 'base64') return content.text;
  return new TextDecoder().decode(Uint8Array.from(atob(content.text), (char) => char.charCodeAt(0)));
}

/**
 * The model requests of a HAR file (what mitmproxy, Charles and browsers export), in the order of
 * its entries, each with the usage its answer reported, JSON or a server-sent event stream.
 * `source` names the file.
 */
export function readHar(text: string, source = ''): TrafficLog {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { exchanges: [], problems: [{ line: 1, message: 'not JSON: a HAR file is one JSON document' }] };
  }
  const log = harLog.safeParse(parsed);
  if (!log.success) return { exchanges: [], problems: [{ line: 1, message: 'not a HAR file: it has no log.entries list' }] };
  const exchanges: TrafficExchange[] = [];
  const problems: TrafficProblem[] = [];
  log.data.log.entries.forEach((raw, position) => {
    const entry = harEntry.safeParse(raw);
    // HAR has no lines: a problem names the entry, counted from 1.
    if (!entry.success) {
      problems.push({ line: position + 1, message: `not a HAR entry: ${entry.error.issues[0]?.message ?? 'unknown shape'}` });
      return;
    }
    const { startedDateTime, request, response } = entry.data;
    const body = jsonOrNull(request.postData?.text);
    if (request.method !== 'POST' || !isRecord(body) || !Array.isArray(body.messages)) return;
    const atMs = Date.parse(startedDateTime);
    if (Number.isNaN(atMs)) {
      problems.push({ line: position + 1, message: `startedDateTime is not a date: ${startedDateTime.slice(0, 40)}` });
      return;
    }
    const answer = answerText(response.content);
    exchanges.push({
      source,
      index: exchanges.length,
      atMs,
      url: request.url,
      body,
      model: typeof body.model === 'string' ? body.model : '',
      ...readAnswer(jsonOrNull(answer) ?? answer ?? null),
    });
  });
  return { exchanges, problems };
}
