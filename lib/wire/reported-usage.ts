import { isRecord } from '@/lib/json/is-record';
import { readMessagesUsage } from './anthropic-messages/messages-usage';
import { readConverseUsage } from './bedrock-converse/converse-usage';
import { readGeminiUsage } from './gemini/gemini-usage';
import { readChatUsage, readDeepSeekUsage, readKimiUsage } from './openai-chat/chat-usage';
import { readResponsesUsage } from './openai-responses/responses-usage';
import { type ReportedUsage, usageFigures } from './usage-figures';

export { type ReportedUsage, USAGE_FORMATS, type UsageFormat } from './usage-figures';

/** Each spelling's reader, in the order tried: a payload can hold two spellings (DeepSeek's hits beside OpenAI's prompt_tokens), and the first that fits is the one it is read in. */
const READERS = [readMessagesUsage, readDeepSeekUsage, readChatUsage, readResponsesUsage, readGeminiUsage, readKimiUsage, readConverseUsage];

/** A provider's usage object (or a response holding one under `usage`), in whichever spelling it is; null when none fits. */
export function readUsage(payload: unknown): ReportedUsage | null {
  if (!isRecord(payload)) return null;
  const raw = isRecord(payload.usage) ? payload.usage : payload;
  for (const read of READERS) {
    const found = read(raw);
    if (found !== null) return found;
  }
  return null;
}

/** Every input token of the request, whichever part the provider billed it in. */
export function reportedTotal(usage: ReportedUsage): number {
  return usage.cachedTokens + usage.writtenTokens + usage.uncachedTokens;
}

/** The AI SDK's usage of one step: the provider's own payload when it kept one, else the SDK's normalised figures. */
export interface StepUsage {
  inputTokens: number | undefined;
  inputTokenDetails?: { noCacheTokens: number | undefined; cacheReadTokens: number | undefined; cacheWriteTokens: number | undefined };
  outputTokens: number | undefined;
  raw?: unknown;
}

export function readStepUsage(step: StepUsage): ReportedUsage | null {
  const fromRaw = readUsage(step.raw);
  if (fromRaw !== null) return fromRaw;
  if (step.inputTokens === undefined) return null;
  const details = step.inputTokenDetails;
  const cached = details?.cacheReadTokens ?? 0;
  const written = details?.cacheWriteTokens ?? 0;
  return usageFigures('ai-sdk', cached, written, step.inputTokens, details?.noCacheTokens, step.outputTokens);
}
