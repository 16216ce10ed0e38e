import { readAnswer } from '@/lib/traffic/read-answer';
import type { Capture } from './capture-store';
import { capturedAnswer } from './captured-cost';

/** How far back in a session the answer to compare with is looked for. */
export const DIAGNOSIS_LOOKBACK = 20;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The id of the newest answer of the same session and model, from captures newest first: what
 * Anthropic's cache diagnostics compare a request with. The same model, because a runtime's side
 * calls (Claude Code's haiku topic checks) interleave with its main requests, and set against one
 * of them every request would read `model_changed`. Null when none has an id.
 */
export function previousAnswerId(history: readonly Capture[], model: unknown): string | null {
  for (const capture of history.slice(0, DIAGNOSIS_LOOKBACK)) {
    if (capture.status !== 200 || capture.responseBody === null) continue;
    let sent: unknown;
    try {
      sent = JSON.parse(capture.requestBody);
    } catch {
      continue;
    }
    if (!isObject(sent) || sent.model !== model) continue;
    const { answerId } = readAnswer(capturedAnswer(capture.responseBody));
    if (answerId !== undefined) return answerId;
  }
  return null;
}

/**
 * A Messages body that asks Anthropic for its cache diagnostics against `previousId` (null: the
 * session's first request, which diagnoses nothing but starts the chain). A body that already asks,
 * or is not a JSON object, is left as sent: the runtime's own choice stands.
 */
export function askingForDiagnostics(parsed: unknown, previousId: string | null): Record<string, unknown> | null {
  if (!isObject(parsed) || 'diagnostics' in parsed || !Array.isArray(parsed.messages)) return null;
  return { ...parsed, diagnostics: { previous_message_id: previousId } };
}
