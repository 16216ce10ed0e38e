import type { AssistantModelMessage, DataContent, FilePart, ImagePart, ToolModelMessage, UserModelMessage } from 'ai';
import type { ChildRequest, ModelMessage, ToolDeclaration } from '@/lib/fork';
import type { ChatBody, ChatContentPart, ChatMessage, ChatTool, ChatToolCall } from '@/lib/wire/openai-chat/chat-body';
import { singleTextAsString } from '@/lib/wire/openai-chat/chat-content';
import { toolResultText } from './tool-result-text';

/**
 * The child's first request as a Chat Completions body, written the way the AI SDK's OpenAI
 * provider writes it, so the export is what Fork Lab itself sends.
 *
 * What the Chat API has no field for is left out:
 * - reasoning parts (the API takes no reasoning back from the caller);
 * - files and provider-executed tool results in assistant messages, and tool approval parts;
 * - a tool result's error flag: the result text is sent as it is.
 * A user file the API cannot take inline (a file URL, a type other than image, wav/mp3 audio or
 * PDF) is sent as a text part naming it, so the person sees where it was.
 */
export function toOpenAiChatRequest(child: ChildRequest, options: { promptCacheKey?: string } = {}): ChatBody {
  const messages: ChatMessage[] = [];
  if (child.systemInstruction !== '') messages.push({ role: 'system', content: child.systemInstruction });
  for (const { message } of [...child.initialMessages, child.firstPrompt]) messages.push(...chatMessagesOf(message));
  const tools = child.tools.map(chatTool);
  const key = options.promptCacheKey;
  return { model: child.model, messages, ...(tools.length === 0 ? {} : { tools }), ...(key === undefined || key === '' ? {} : { prompt_cache_key: key }) };
}

function chatMessagesOf(message: ModelMessage): ChatMessage[] {
  switch (message.role) {
    case 'system':
      return [{ role: 'system', content: message.content }];
    case 'user':
      return [{ role: 'user', content: userContent(message.content) }];
    case 'assistant':
      return [assistantMessage(message.content)];
    case 'tool':
      return toolMessages(message.content);
  }
}

function userContent(content: UserModelMessage['content']): string | ChatContentPart[] {
  if (typeof content === 'string') return content;
  // One text part is sent as the string it renders the same as, the way the AI SDK sends it.
  const parts = content.map((part, index): ChatContentPart => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image') return imageUrlPart(part.image, part.mediaType, part.providerOptions);
    return filePart(part, index);
  });
  return singleTextAsString(parts);
}

function imageUrlPart(data: DataContent | URL, mediaType: string | undefined, providerOptions: ImagePart['providerOptions']): ChatContentPart {
  const detail = providerOptions?.openai?.imageDetail;
  const media = inlineMedia(data, mediaType);
  const url = media.kind === 'url' ? media.url : `data:${media.mediaType ?? sniffImageMediaType(media.data)};base64,${media.data}`;
  return { type: 'image_url', image_url: { url, ...(typeof detail === 'string' ? { detail } : {}) } };
}

function filePart(part: FilePart, index: number): ChatContentPart {
  const mediaType = part.mediaType;
  if (mediaType.startsWith('image/')) {
    return imageUrlPart(part.data, mediaType === 'image/*' ? 'image/jpeg' : mediaType, part.providerOptions);
  }
  const media = inlineMedia(part.data, mediaType);
  const audioFormat = mediaType === 'audio/wav' ? 'wav' : mediaType === 'audio/mpeg' || mediaType === 'audio/mp3' ? 'mp3' : undefined;
  if (media.kind === 'base64' && audioFormat !== undefined) return { type: 'input_audio', input_audio: { data: media.data, format: audioFormat } };
  if (media.kind === 'base64' && mediaType === 'application/pdf') {
    // The provider names an unnamed PDF the same way.
    const filename = part.filename ?? `part-${index}.pdf`;
    return { type: 'file', file: { filename, file_data: `data:application/pdf;base64,${media.data}` } };
  }
  const where = media.kind === 'url' ? media.url : `${media.data.length} base64 characters not sent`;
  const name = part.filename === undefined ? '' : ` ${part.filename}`;
  return { type: 'text', text: `[file${name} (${mediaType}): ${where}]` };
}

function assistantMessage(content: AssistantModelMessage['content']): ChatMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  let text = '';
  const toolCalls: ChatToolCall[] = [];
  for (const part of content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'tool-call') {
      // A raw string input is already what the model wrote as arguments (a free-form tool, or
      // arguments that were not JSON): encoding it again would send a JSON string of a string.
      const args = typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {});
      toolCalls.push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: args } });
    }
  }
  if (toolCalls.length === 0) return { role: 'assistant', content: text };
  return { role: 'assistant', content: text === '' ? null : text, tool_calls: toolCalls };
}

/** One `tool` message per result: the Chat API answers each call in its own message. */
function toolMessages(content: ToolModelMessage['content']): ChatMessage[] {
  return content.flatMap((part): ChatMessage[] =>
    part.type === 'tool-result' ? [{ role: 'tool', tool_call_id: part.toolCallId, content: toolResultText(part.output) }] : [],
  );
}

function chatTool(tool: ToolDeclaration): ChatTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(tool.inputSchema === undefined ? {} : { parameters: tool.inputSchema }),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Media, shared with the Anthropic exporter.
// ---------------------------------------------------------------------------------------------

/** Media as a request carries it: a URL to fetch, or base64 bytes with the type when known. */
export type InlineMedia = { kind: 'url'; url: string } | { kind: 'base64'; data: string; mediaType: string | undefined };

/**
 * A part's data read as the AI SDK reads it: a string with a scheme is a URL (a `data:` URL is
 * split into its bytes and type), any other string is base64, bytes are encoded.
 */
export function inlineMedia(data: DataContent | URL, mediaType: string | undefined): InlineMedia {
  if (data instanceof URL) return { kind: 'url', url: data.href };
  if (typeof data !== 'string') return { kind: 'base64', data: base64OfBytes(data), mediaType };
  const inline = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/is.exec(data);
  if (inline !== null) return { kind: 'base64', data: inline[3]!, mediaType: mediaType ?? (inline[1] || undefined) };
  // Base64 has no ':', so a scheme means a URL.
  if (/^[a-z][a-z0-9+.-]*:/i.test(data)) return { kind: 'url', url: data };
  return { kind: 'base64', data, mediaType };
}

/** Bytes as base64 without Node's Buffer: the export buttons run in the browser. */
function base64OfBytes(data: Exclude<DataContent, string>): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const IMAGE_SIGNATURES: readonly [string, string][] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
];

/** An image's type from its first bytes, as the AI SDK detects it; JPEG when unknown, as it defaults. */
export function sniffImageMediaType(base64: string): string {
  return IMAGE_SIGNATURES.find(([prefix]) => base64.startsWith(prefix))?.[1] ?? 'image/jpeg';
}
