import { z } from 'zod';

/** A content part of a Chat Completions user message. */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'wav' | 'mp3' } }
  | { type: 'file'; file: { file_data: string; filename: string } };

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ChatContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/** A `POST /v1/chat/completions` body as Fork Lab writes one (the child's first request, a replay). */
export interface ChatBody {
  model: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
  /** OpenAI buckets its prompt cache by this key: the parent's, so the fork reads what the parent left. */
  prompt_cache_key?: string;
}

const contentPart = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('image_url'), image_url: z.strictObject({ url: z.string(), detail: z.string().optional() }) }),
  z.strictObject({ type: z.literal('input_audio'), input_audio: z.strictObject({ data: z.string(), format: z.enum(['wav', 'mp3']) }) }),
  z.strictObject({ type: z.literal('file'), file: z.strictObject({ file_data: z.string(), filename: z.string() }) }),
]);
const toolCall = z.strictObject({ id: z.string(), type: z.literal('function'), function: z.strictObject({ name: z.string(), arguments: z.string() }) });

/** What a Chat Completions body Fork Lab writes must be: the exporter's output is checked against it. */
export const chatBodySchema: z.ZodType<ChatBody> = z.strictObject({
  model: z.string(),
  messages: z.array(
    z.discriminatedUnion('role', [
      z.strictObject({ role: z.literal('system'), content: z.string() }),
      z.strictObject({ role: z.literal('user'), content: z.union([z.string(), z.array(contentPart)]) }),
      z.strictObject({ role: z.literal('assistant'), content: z.string().nullable(), tool_calls: z.array(toolCall).optional() }),
      z.strictObject({ role: z.literal('tool'), tool_call_id: z.string(), content: z.string() }),
    ]),
  ),
  tools: z
    .array(
      z.strictObject({
        type: z.literal('function'),
        function: z.strictObject({ name: z.string(), description: z.string().optional(), parameters: z.record(z.string(), z.unknown()).optional() }),
      }),
    )
    .optional(),
  prompt_cache_key: z.string().optional(),
});
