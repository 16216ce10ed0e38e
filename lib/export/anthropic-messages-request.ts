import type { AssistantModelMessage, DataContent, FilePart, ToolModelMessage, UserModelMessage } from 'ai';
import type { ChildRequest, ModelMessage, ToolDeclaration, ToolOutput } from '@/lib/fork';
import { isRecord } from '@/lib/json/is-record';
import { childBreakpoints } from '@/lib/provider-cache/fork-breakpoints';
import type {
  ContentBlock,
  ImageSource,
  MessagesBody,
  MessagesMessage,
  MessagesTool,
  ToolResultContentBlock,
} from '@/lib/wire/anthropic-messages/messages-body';
import { inlineMedia, sniffImageMediaType } from './openai-chat-request';
import { toolResultText } from './tool-result-text';

/** The API requires a cap; this one is generous for a first step and easy to change. */
export const EXPORT_MAX_TOKENS = 4096;

/**
 * The child's first request as a Messages API body.
 *
 * - Tool results become `tool_result` blocks in a user message, and messages of the same role in a
 *   row are merged into one, because the API requires user and assistant to alternate.
 * - A `system` message in the middle of the conversation becomes user text: the API has no
 *   system role inside `messages`, and the top-level `system` is the profile's instruction.
 * - Reasoning goes back only when it is signed (`providerOptions.anthropic.signature`, or redacted
 *   data); unsigned reasoning is left out, since the API refuses thinking it did not sign.
 * - Assistant files, provider-executed tool calls and results, and tool approval parts are left out.
 * - A message left with nothing to send is left out.
 */
export function toAnthropicMessagesRequest(child: ChildRequest, options: { cacheBreakpoints?: boolean } = {}): MessagesBody {
  const messages: MessagesMessage[] = [];
  // Where each of the child's messages ended up: merging and dropping move them.
  const lastBlockOf: ({ message: number; block: number } | undefined)[] = [];
  for (const { message } of [...child.initialMessages, child.firstPrompt]) {
    const converted = anthropicMessageOf(message);
    if (converted !== undefined) appendAlternating(messages, converted);
    const last = messages.at(-1);
    lastBlockOf.push(converted === undefined || last === undefined ? undefined : { message: messages.length - 1, block: blocksOf(last.content).length - 1 });
  }
  const tools = child.tools.map(anthropicTool);
  const body: MessagesBody = {
    model: child.model,
    max_tokens: EXPORT_MAX_TOKENS,
    ...(child.systemInstruction === '' ? {} : { system: child.systemInstruction }),
    messages,
    ...(tools.length === 0 ? {} : { tools }),
  };
  if (options.cacheBreakpoints) markBreakpoints(body, child, lastBlockOf);
  return body;
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * `cache_control` where the cache forecast placed its breakpoints (lib/provider-cache): after the
 * tools, after the system instruction, after the inherited history and on the last block. A
 * message the export left out hands its breakpoint to the last one before it that was kept.
 */
function markBreakpoints(body: MessagesBody, child: ChildRequest, lastBlockOf: readonly ({ message: number; block: number } | undefined)[]): void {
  for (const place of childBreakpoints(child)) {
    if (place.kind === 'tool') body.tools![place.index]!.cache_control = EPHEMERAL;
    else if (place.kind === 'system') body.system = [{ type: 'text', text: child.systemInstruction, cache_control: EPHEMERAL }];
    else {
      const at = lastBlockOf.slice(0, place.index + 1).findLast((entry) => entry !== undefined);
      if (at === undefined) continue;
      const message = body.messages[at.message]!;
      const blocks = blocksOf(message.content);
      // Thinking blocks cannot carry cache_control: the block before them ends the same prefix less them.
      const block = blocks.slice(0, at.block + 1).findLastIndex((candidate) => candidate.type !== 'thinking' && candidate.type !== 'redacted_thinking');
      if (block < 0) continue;
      blocks[block] = { ...blocks[block]!, cache_control: EPHEMERAL };
      message.content = blocks;
    }
  }
}

function appendAlternating(messages: MessagesMessage[], next: MessagesMessage): void {
  const last = messages[messages.length - 1];
  if (last === undefined || last.role !== next.role) {
    messages.push(next);
    return;
  }
  last.content = [...blocksOf(last.content), ...blocksOf(next.content)];
}

function blocksOf(content: string | ContentBlock[]): ContentBlock[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/**
 * The Messages API refuses empty text blocks and empty messages, which an imported or edited
 * history can hold; they carry nothing, so they are left out.
 */
function anthropicMessageOf(message: ModelMessage): MessagesMessage | undefined {
  const converted = convertedMessage(message);
  if (converted === undefined) return undefined;
  if (typeof converted.content === 'string') return converted.content === '' ? undefined : converted;
  const blocks = converted.content.filter((block) => block.type !== 'text' || block.text !== '');
  return blocks.length === 0 ? undefined : { ...converted, content: blocks };
}

function convertedMessage(message: ModelMessage): MessagesMessage | undefined {
  switch (message.role) {
    case 'system':
      return { role: 'user', content: message.content };
    case 'user':
      return { role: 'user', content: userContent(message.content) };
    case 'tool':
      return nonEmpty('user', toolResultBlocks(message.content));
    case 'assistant':
      return typeof message.content === 'string' ? { role: 'assistant', content: message.content } : nonEmpty('assistant', assistantBlocks(message.content));
  }
}

function nonEmpty(role: MessagesMessage['role'], blocks: ContentBlock[]): MessagesMessage | undefined {
  return blocks.length === 0 ? undefined : { role, content: blocks };
}

function userContent(content: UserModelMessage['content']): string | ContentBlock[] {
  if (typeof content === 'string') return content;
  return content.map((part): ContentBlock => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image') return { type: 'image', source: imageSource(part.image, part.mediaType) };
    return fileBlock(part);
  });
}

function imageSource(data: DataContent | URL, mediaType: string | undefined): ImageSource {
  const media = inlineMedia(data, mediaType);
  if (media.kind === 'url') return { type: 'url', url: media.url };
  return { type: 'base64', media_type: media.mediaType ?? sniffImageMediaType(media.data), data: media.data };
}

/** A file as the AI SDK's Anthropic provider sends it: images as images, the rest as documents. */
function fileBlock(part: FilePart): ContentBlock {
  if (part.mediaType.startsWith('image/')) {
    return { type: 'image', source: imageSource(part.data, part.mediaType === 'image/*' ? undefined : part.mediaType) };
  }
  const titled = part.filename === undefined ? {} : { title: part.filename };
  const media = inlineMedia(part.data, part.mediaType);
  if (media.kind === 'url') return { type: 'document', source: { type: 'url', url: media.url }, ...titled };
  if (part.mediaType === 'text/plain')
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: textOfBase64(media.data) }, ...titled };
  // Other types than PDF and text are sent as they are; the API may refuse them.
  return { type: 'document', source: { type: 'base64', media_type: part.mediaType, data: media.data }, ...titled };
}

function textOfBase64(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new TextDecoder().decode(bytes);
}

function assistantBlocks(content: Exclude<AssistantModelMessage['content'], string>): ContentBlock[] {
  return content.flatMap((part): ContentBlock[] => {
    if (part.type === 'text') return [{ type: 'text', text: part.text }];
    if (part.type === 'tool-call' && part.providerExecuted !== true) {
      return [{ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: objectInput(part.input) }];
    }
    if (part.type === 'reasoning') {
      const anthropic = part.providerOptions?.anthropic;
      if (typeof anthropic?.signature === 'string') return [{ type: 'thinking', thinking: part.text, signature: anthropic.signature }];
      if (typeof anthropic?.redactedData === 'string') return [{ type: 'redacted_thinking', data: anthropic.redactedData }];
    }
    return [];
  });
}

/**
 * `tool_use.input` must be an object. A free-form tool's raw text (a Codex `apply_patch`) or
 * arguments that were not JSON are wrapped as `{ "input": … }`, the shape custom tools take.
 */
function objectInput(input: unknown): Record<string, unknown> {
  if (isRecord(input)) return input;
  return input === undefined || input === null ? {} : { input };
}

function toolResultBlocks(content: ToolModelMessage['content']): ContentBlock[] {
  return content.flatMap((part): ContentBlock[] => {
    if (part.type !== 'tool-result') return [];
    const isError = part.output.type === 'error-text' || part.output.type === 'error-json';
    return [{ type: 'tool_result', tool_use_id: part.toolCallId, content: toolResultContent(part.output), ...(isError ? { is_error: true as const } : {}) }];
  });
}

/** A result's content as the provider writes it: content parts as blocks (images stay images), the rest as text. */
function toolResultContent(output: ToolOutput): string | ToolResultContentBlock[] {
  return output.type === 'content' ? output.value.flatMap(resultItemBlock) : toolResultText(output);
}

function resultItemBlock(item: Extract<ToolOutput, { type: 'content' }>['value'][number]): ToolResultContentBlock[] {
  switch (item.type) {
    case 'text':
      return [{ type: 'text', text: item.text }];
    case 'image-data':
    case 'media':
      return item.mediaType.startsWith('image/') ? [{ type: 'image', source: { type: 'base64', media_type: item.mediaType, data: item.data } }] : [];
    case 'image-url':
      return [{ type: 'image', source: { type: 'url', url: item.url } }];
    case 'file-url':
      return [{ type: 'document', source: { type: 'url', url: item.url } }];
    case 'file-data':
      return item.mediaType === 'application/pdf' ? [{ type: 'document', source: { type: 'base64', media_type: item.mediaType, data: item.data } }] : [];
    default:
      return [];
  }
}

function anthropicTool(tool: ToolDeclaration): MessagesTool {
  return {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    // Anthropic requires an input schema; a tool declared without one takes an empty object.
    input_schema: tool.inputSchema ?? { type: 'object', properties: {} },
  };
}
