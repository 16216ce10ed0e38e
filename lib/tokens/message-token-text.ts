import type { ModelMessage, ToolDeclaration } from '@/lib/fork';

/**
 * What a provider bills an image or file part at when we cannot see its pixels: OpenAI's
 * low-detail image cost. Real costs depend on the provider and the resolution, so Fork Lab counts
 * every binary part the same and says so, rather than pretending to know.
 */
export const BINARY_PART_TOKENS = 85;

/** The text of one message a tokenizer should see, and how many binary parts it carries. */
export interface MessageTokenText {
  text: string;
  binaryParts: number;
}

/**
 * The model-visible text of a message: text and reasoning as written, tool calls as their name and
 * JSON input, tool results as their name and output. Roles and framing tokens differ per provider
 * and are left out, so counts compare like with like across the three policies.
 */
export function messageTokenText(message: ModelMessage): MessageTokenText {
  const content = message.content as unknown;
  if (typeof content === 'string') return { text: content, binaryParts: 0 };
  const pieces: string[] = [];
  let binaryParts = 0;
  for (const part of content as { type: string; [key: string]: unknown }[]) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        pieces.push(String(part.text));
        break;
      case 'image':
      case 'file':
        binaryParts += 1;
        break;
      case 'tool-call':
        pieces.push(`${String(part.toolName)} ${JSON.stringify(part.input ?? null)}`);
        break;
      case 'tool-result':
        pieces.push(`${String(part.toolName)} ${JSON.stringify(part.output ?? null)}`);
        break;
      default:
        pieces.push(JSON.stringify(part));
    }
  }
  return { text: pieces.join('\n'), binaryParts };
}

/** The text of a tool list as a provider receives it: name, description and JSON schema. */
export function toolsTokenText(tools: readonly ToolDeclaration[]): string {
  return tools.map((tool) => JSON.stringify(tool)).join('\n');
}
