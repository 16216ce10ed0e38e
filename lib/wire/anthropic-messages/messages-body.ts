import { z } from 'zod';
import type { CacheControl } from './cache-control';

export type ImageSource = { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };

export type DocumentSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'text'; media_type: 'text/plain'; data: string }
  | { type: 'url'; url: string };

interface Cached {
  cache_control?: CacheControl;
}

export type TextBlock = { type: 'text'; text: string } & Cached;

/** What a tool_result block may hold besides a plain string. */
export type ToolResultContentBlock = TextBlock | ({ type: 'image'; source: ImageSource } & Cached) | ({ type: 'document'; source: DocumentSource } & Cached);

export type ContentBlock =
  | TextBlock
  | ({ type: 'image'; source: ImageSource } & Cached)
  | ({ type: 'document'; source: DocumentSource; title?: string } & Cached)
  | ({ type: 'tool_use'; id: string; name: string; input: unknown } & Cached)
  | ({ type: 'tool_result'; tool_use_id: string; content: string | ToolResultContentBlock[]; is_error?: true } & Cached)
  | ({ type: 'thinking'; thinking: string; signature: string } & Cached)
  | ({ type: 'redacted_thinking'; data: string } & Cached);

export interface MessagesMessage {
  role: 'user' | 'assistant';
  content: string | ContentBlock[];
}

export interface MessagesTool extends Cached {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

/** A `POST /v1/messages` body as Fork Lab writes one (the child's first request, a replay). */
export interface MessagesBody {
  model: string;
  max_tokens: number;
  system?: string | TextBlock[];
  messages: MessagesMessage[];
  tools?: MessagesTool[];
}

const cacheControl = z.strictObject({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() }).optional();
const imageSource = z.union([
  z.strictObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
  z.strictObject({ type: z.literal('url'), url: z.string() }),
]);
const documentSource = z.union([
  z.strictObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
  z.strictObject({ type: z.literal('text'), media_type: z.literal('text/plain'), data: z.string() }),
  z.strictObject({ type: z.literal('url'), url: z.string() }),
]);
const textBlock = z.strictObject({ type: z.literal('text'), text: z.string(), cache_control: cacheControl });
const imageBlock = z.strictObject({ type: z.literal('image'), source: imageSource, cache_control: cacheControl });
const toolResultContent = z.union([
  textBlock,
  imageBlock,
  z.strictObject({ type: z.literal('document'), source: documentSource, cache_control: cacheControl }),
]);
const contentBlock = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  z.strictObject({ type: z.literal('document'), source: documentSource, title: z.string().optional(), cache_control: cacheControl }),
  z.strictObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown(), cache_control: cacheControl }),
  z.strictObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.union([z.string(), z.array(toolResultContent)]),
    is_error: z.literal(true).optional(),
    cache_control: cacheControl,
  }),
  z.strictObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string(), cache_control: cacheControl }),
  z.strictObject({ type: z.literal('redacted_thinking'), data: z.string(), cache_control: cacheControl }),
]);

/** What a Messages body Fork Lab writes must be: the exporter's output is checked against it. */
export const messagesBodySchema: z.ZodType<MessagesBody> = z.strictObject({
  model: z.string(),
  max_tokens: z.number().int().positive(),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  messages: z.array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(contentBlock)]) })),
  tools: z
    .array(
      z.strictObject({ name: z.string(), description: z.string().optional(), input_schema: z.record(z.string(), z.unknown()), cache_control: cacheControl }),
    )
    .optional(),
});

/** What `count_tokens` is sent: a Messages body Fork Lab wrote, or one cut from a log with its fields as they were, the model named. */
export type CountTokensBody = MessagesBody | ({ model: string } & Record<string, unknown>);
