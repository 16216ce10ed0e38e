import { isRecord } from '@/lib/json/is-record';
import { type ReportedUsage, tokenFigure, usageFigures } from '../usage-figures';

/** Gemini: `promptTokenCount` includes `cachedContentTokenCount`; writes are not reported. */
export function readGeminiUsage(raw: Record<string, unknown>): ReportedUsage | null {
  const metadata = isRecord(raw.usageMetadata) ? raw.usageMetadata : raw;
  const prompt = tokenFigure(metadata.promptTokenCount);
  if (prompt === undefined) return null;
  return usageFigures('gemini', tokenFigure(metadata.cachedContentTokenCount) ?? 0, 0, prompt, undefined, metadata.candidatesTokenCount);
}
