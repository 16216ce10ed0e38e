import 'server-only';
import { countTokens } from 'gpt-tokenizer';
import type { ModelMessage, ToolDeclaration } from '@/lib/fork';
import { BINARY_PART_TOKENS, messageTokenText, toolsTokenText } from './message-token-text';

/** The encoding the counts use: OpenAI's o200k_base (GPT-4o and later). */
export const TOKEN_ENCODING = 'o200k_base';

// Transcripts are data, not prompts to us: text like `<|endoftext|>` is counted as the characters
// it is instead of making the tokenizer throw.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTextTokens(text: string): number {
  return text.length === 0 ? 0 : countTokens(text, AS_PLAIN_TEXT);
}

export function countMessageTokens(message: ModelMessage): number {
  const { text, binaryParts } = messageTokenText(message);
  return countTextTokens(text) + binaryParts * BINARY_PART_TOKENS;
}

export function countToolTokens(tools: readonly ToolDeclaration[]): number {
  return countTextTokens(toolsTokenText(tools));
}
