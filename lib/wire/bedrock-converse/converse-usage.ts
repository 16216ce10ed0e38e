import { type ReportedUsage, tokenFigure, usageFigures } from '../usage-figures';

/** Amazon Bedrock's Converse: as Anthropic's, `inputTokens` are only what was neither read nor written. */
export function readConverseUsage(raw: Record<string, unknown>): ReportedUsage | null {
  const input = tokenFigure(raw.inputTokens);
  // The AI SDK's own usage is spelled alike but counts cached tokens inside inputTokens: not Bedrock's.
  const aiSdk = 'cachedInputTokens' in raw || 'inputTokenDetails' in raw || 'reasoningTokens' in raw;
  if (input === undefined || tokenFigure(raw.outputTokens) === undefined || aiSdk) return null;
  return usageFigures('bedrock', tokenFigure(raw.cacheReadInputTokens) ?? 0, tokenFigure(raw.cacheWriteInputTokens) ?? 0, undefined, input, raw.outputTokens);
}
