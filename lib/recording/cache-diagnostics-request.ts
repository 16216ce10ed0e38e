import { isRecord } from '@/lib/json/is-record';

/** How far back in a session the answer to compare with is looked for. */
export const DIAGNOSIS_LOOKBACK = 20;

/** Anthropic's beta for cache diagnostics: its page asks for the header on every turn. */
export const CACHE_DIAGNOSIS_BETA = 'cache-diagnosis-2026-04-07';

/** How much of an answer is read for its id: a Messages answer or a stream's `message_start` names it first thing. */
export const ANSWER_HEAD_CHARS = 4096;

/** A recent answer of the session, as little of it as the lookup needs. */
export interface AnswerHead {
  status: number | null;
  /** The model the request named; null when its body is not JSON or names none. */
  model: string | null;
  /** The answer's first `ANSWER_HEAD_CHARS` characters. */
  head: string | null;
}

/** An Anthropic message id in the head of an answer, JSON or a stream. */
const MESSAGE_ID = /"id"\s*:\s*"(msg_[A-Za-z0-9_-]{1,200})"/;

/**
 * The id of the newest answer of the same session and model, from answers newest first: what
 * Anthropic's cache diagnostics compare a request with. The same model, because a runtime's side
 * calls (Claude Code's haiku topic checks) interleave with its main requests, and set against one
 * of them every request would read `model_changed`. Sub-agents running at once in one session and
 * model may name each other's answers: the capture cannot tell them apart. Null when none has an id.
 */
export function previousAnswerId(answers: readonly AnswerHead[], model: unknown): string | null {
  for (const answer of answers.slice(0, DIAGNOSIS_LOOKBACK)) {
    if (answer.status !== 200 || answer.head === null || answer.model !== model) continue;
    const id = MESSAGE_ID.exec(answer.head)?.[1];
    if (id !== undefined) return id;
  }
  return null;
}

/**
 * A Messages body that asks Anthropic for its cache diagnostics against `previousId` (null: the
 * session's first request, which diagnoses nothing but starts the chain). A body that asks
 * already, or is not a JSON object with messages, is left as sent: the runtime's own choice stands.
 */
export function askingForDiagnostics(parsed: unknown, previousId: string | null): Record<string, unknown> | null {
  if (!isRecord(parsed) || 'diagnostics' in parsed || !Array.isArray(parsed.messages)) return null;
  return { ...parsed, diagnostics: { previous_message_id: previousId } };
}

/** The `anthropic-beta` header with the diagnostics beta among the runtime's own. */
export function withDiagnosisBeta(sent: string | null): string {
  const betas = (sent ?? '')
    .split(',')
    .map((beta) => beta.trim())
    .filter((beta) => beta !== '');
  return betas.includes(CACHE_DIAGNOSIS_BETA) ? betas.join(',') : [...betas, CACHE_DIAGNOSIS_BETA].join(',');
}
