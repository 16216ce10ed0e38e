import { isRecord } from '@/lib/json/is-record';
import { type ReportedUsage, tokenFigure, usageFigures } from '../usage-figures';

/** OpenAI Responses: `input_tokens` counts the cached ones, given apart in its details. */
export function readResponsesUsage(raw: Record<string, unknown>): ReportedUsage | null {
  const details = raw.input_tokens_details;
  if (!isRecord(details) || tokenFigure(raw.input_tokens) === undefined) return null;
  return usageFigures(
    'openai-responses',
    tokenFigure(details.cached_tokens) ?? 0,
    tokenFigure(details.cache_write_tokens) ?? 0,
    tokenFigure(raw.input_tokens),
    undefined,
    raw.output_tokens,
  );
}
