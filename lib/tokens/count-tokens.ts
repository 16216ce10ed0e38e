import 'server-only';
import { countTokens } from 'gpt-tokenizer';
import type { ModelMessage, ToolDeclaration } from '@/lib/fork';
import { CountingPace } from './counting-pace';
import { BINARY_PART_TOKENS, messageTokenText, toolsTokenText } from './message-token-text';
import { textPieces } from './text-pieces';
import type { TokenCount } from './token-count';
import { TokenCountCache } from './token-count-cache';

/** The encoding the counts use: OpenAI's o200k_base (GPT-4o and later). */
export const TOKEN_ENCODING = 'o200k_base';

// Transcripts are data, not prompts to us: text like `<|endoftext|>` is counted as the characters
// it is instead of making the tokenizer throw.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The o200k count of a text, in time linear in its length, pausing for the event loop as `pace`
 * says (pass one pace to every count of one job, so many small texts pause too).
 */
export async function countText(text: string, pace: CountingPace = new CountingPace()): Promise<TokenCount> {
  let tokens = 0;
  let estimated = false;
  for (const piece of textPieces(text)) {
    await pace.before(piece.text.length);
    tokens += countTokens(piece.text, AS_PLAIN_TEXT);
    estimated ||= !piece.exact;
  }
  return { tokens, estimated };
}

const messageCounts = new TokenCountCache();

/** A message's count; one whose text was counted before (the same parent registered again after an edit) is looked up. */
export async function countMessage(message: ModelMessage, pace?: CountingPace): Promise<TokenCount> {
  const { text, binaryParts } = messageTokenText(message);
  const counted = await messageCounts.getOrCount(text, (uncounted) => countText(uncounted, pace));
  return { tokens: counted.tokens + binaryParts * BINARY_PART_TOKENS, estimated: counted.estimated };
}

export function countTools(tools: readonly ToolDeclaration[], pace?: CountingPace): Promise<TokenCount> {
  return countText(toolsTokenText(tools), pace);
}
