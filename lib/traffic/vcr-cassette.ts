import { parse } from 'yaml';
import { z } from 'zod';
import { isRecord } from '@/lib/json/is-record';
import { geminiModel } from '@/lib/wire/gemini/gemini-request';
import { readAnswer } from './read-answer';
import type { TrafficExchange, TrafficLog, TrafficProblem } from './traffic-exchange';

/**
 * What Fork Lab reads of one recorded interaction: VCR.py's cassette shape (pytest-recording,
 * pydantic-ai's tests), where a body is text or, with pydantic-ai's serializer, `parsed_body`.
 */
const interaction = z.object({
  request: z.object({
    method: z.string(),
    uri: z.string(),
    body: z.union([z.string(), z.object({ string: z.string() }), z.null()]).optional(),
    parsed_body: z.unknown().optional(),
  }),
  response: z
    .object({
      headers: z.record(z.string(), z.array(z.string()).or(z.string())).optional(),
      body: z.union([z.string(), z.object({ string: z.string() }), z.null()]).optional(),
      parsed_body: z.unknown().optional(),
    })
    .optional(),
});

const cassette = z.object({ interactions: z.array(z.unknown()) });

function bodyOf(parsed: unknown, raw: string | { string: string } | null | undefined): unknown {
  if (parsed !== undefined && parsed !== null) return parsed;
  const text = typeof raw === 'string' ? raw : raw?.string;
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** When the answer was made: the response's `date` header, else the `created` second of a Chat Completions answer. */
function answeredAt(headers: Record<string, string | string[]> | undefined, answer: unknown): number | null {
  const date = headers?.date ?? headers?.Date;
  const dated = Date.parse(Array.isArray(date) ? (date[0] ?? '') : (date ?? ''));
  if (!Number.isNaN(dated)) return dated;
  return isRecord(answer) && typeof answer.created === 'number' ? answer.created * 1000 : null;
}

/**
 * The model requests of a VCR cassette (YAML, `interactions:`), in the order recorded, each with
 * the usage its answer reported. A cassette keeps no send time: an answer's `date` header (to the
 * second) or its `created` field stands for it, and an interaction with neither takes the one
 * before it, so the order is kept. `source` names the file.
 */
export function readVcrCassette(text: string, source = ''): TrafficLog {
  let parsed: unknown;
  try {
    parsed = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    return { exchanges: [], problems: [{ line: 1, message: `not YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` }] };
  }
  const read = cassette.safeParse(parsed);
  if (!read.success) return { exchanges: [], problems: [{ line: 1, message: 'not a VCR cassette: it has no interactions list' }] };
  const exchanges: TrafficExchange[] = [];
  const problems: TrafficProblem[] = [];
  let lastMs = 0;
  read.data.interactions.forEach((raw, position) => {
    const entry = interaction.safeParse(raw);
    // A cassette's lines are YAML's: a problem names the interaction, counted from 1.
    if (!entry.success) {
      problems.push({ line: position + 1, message: `not an interaction: ${entry.error.issues[0]?.message ?? 'unknown shape'}` });
      return;
    }
    const { request, response } = entry.data;
    const body = bodyOf(request.parsed_body, request.body);
    const conversation =
      isRecord(body) && (Array.isArray(body.messages) || Array.isArray(body.contents) || Array.isArray(body.input) || typeof body.input === 'string');
    if (request.method !== 'POST' || !conversation) return;
    const answer = bodyOf(response?.parsed_body, response?.body);
    lastMs = answeredAt(response?.headers, answer) ?? lastMs;
    exchanges.push({
      source,
      index: exchanges.length,
      atMs: lastMs,
      url: request.uri,
      body,
      model: typeof body.model === 'string' ? body.model : geminiModel(request.uri),
      ...readAnswer(answer),
    });
  });
  return { exchanges, problems };
}
