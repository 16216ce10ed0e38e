import type { AssistantModelMessage, FilePart, ImagePart, ToolResultPart, UserModelMessage } from 'ai';
import type { ToolDeclaration } from '@/lib/fork';
import type { FidelityLog } from '../fidelity-report';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { isRecord, type ImportSource } from '../import-source';
import { importedProfile } from '../imported-profile';
import { TranscriptBuilder } from '../transcript-builder';
import {
  type AssistantPart,
  carriesSomething,
  invalidField,
  isPlainChatMessage,
  joinField,
  MESSAGE_FIELD_DROPPED,
  messageListOf,
  optionalStringAt,
  reportUnreadKeys,
  REQUEST_SETTING_DROPPED,
  requireMessageList,
  requireRecordAt,
  requireStringAt,
  SHARED_CHAT_SHAPE_SCORE,
  type ToolOutput,
  type UserPart,
} from './openai-chat';

const LABEL = 'Anthropic Messages';
const FORMAT = 'anthropic-messages';
const BODY_KEYS_READ = new Set(['model', 'system', 'messages', 'tools']);
const MESSAGE_KEYS_READ = new Set(['role', 'content']);
const MARKER_BLOCK_TYPES = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document', 'server_tool_use']);

const CACHE_CONTROL_DROPPED = 'cache_control marks dropped: prompt caching is a request setting, not conversation';
const BLOCK_FIELD_DROPPED = 'content block field not carried over: a ModelMessage part has no place for it';
const TOOL_FIELD_DROPPED = 'tool declaration field not carried over: a tool is declared by name, description and input schema';
const SIGNED_THINKING =
  'signed thinking kept with its signature: Anthropic accepts it back only from the same model, so a child on another model loses it';

export const anthropicMessagesFormat: ImportFormat = {
  id: 'anthropic-messages',
  label: 'Anthropic Messages (request JSON)',
  detect: detectAnthropicMessages,
  convert: convertAnthropicMessages,
};

function detectAnthropicMessages(source: ImportSource): number {
  const list = messageListOf(source);
  if (list === undefined || list.messages.length === 0) return 0;
  const body = list.body;
  if (body !== undefined && 'input' in body) return 0;
  // The system prompt is top-level here: a system, developer or tool role is another format.
  if (list.messages.some((message) => !isRecord(message) || (message.role !== 'user' && message.role !== 'assistant'))) return 0;
  if (list.messages.some(hasAnthropicMarker)) return 1;
  if (body !== undefined && body.system !== undefined && body.max_tokens !== undefined) return 1;
  if (body !== undefined && Array.isArray(body.tools) && body.tools.some((tool) => isRecord(tool) && 'input_schema' in tool)) return 1;
  if (list.messages.every((message) => isPlainChatMessage(message, ['user', 'assistant']))) return SHARED_CHAT_SHAPE_SCORE;
  return 0;
}

function hasAnthropicMarker(message: unknown): boolean {
  if (!isRecord(message) || !Array.isArray(message.content)) return false;
  return message.content.some(
    (block) =>
      isRecord(block) &&
      ((typeof block.type === 'string' && MARKER_BLOCK_TYPES.has(block.type)) ||
        (block.type === 'image' && isRecord(block.source)) ||
        'cache_control' in block),
  );
}

function convertAnthropicMessages(source: ImportSource, log: FidelityLog): ConvertedImport {
  const { messages, body } = requireMessageList(source, LABEL);
  if (body !== undefined) reportUnreadKeys(body, BODY_KEYS_READ, '', log, REQUEST_SETTING_DROPPED);
  const builder = new TranscriptBuilder(FORMAT, log);
  messages.forEach((raw, index) => {
    const field = `messages[${index}]`;
    const message = requireRecordAt(LABEL, raw, field, 'a message object {role, content}');
    reportUnreadKeys(message, MESSAGE_KEYS_READ, field, log, MESSAGE_FIELD_DROPPED);
    if (message.role === 'user') convertUserMessage(message.content, field, builder, log);
    else if (message.role === 'assistant') builder.push({ role: 'assistant', content: assistantContent(message.content, field, log) }, { field });
    else {
      throw invalidField(LABEL, `${field}.role`, message.role, 'allowed: user, assistant (the system prompt is the top-level "system")');
    }
  });
  const profile = importedProfile(
    {
      model: optionalStringAt(LABEL, body?.model, 'model'),
      systemInstruction: systemInstructionOf(body?.system, log),
      tools: anthropicTools(body, log),
    },
    log,
    LABEL,
    { systemInstruction: body !== undefined, tools: body !== undefined },
  );
  return { transcript: builder.finish(profile) };
}

function systemInstructionOf(system: unknown, log: FidelityLog): string | undefined {
  if (system === undefined || system === null) return undefined;
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) throw invalidField(LABEL, 'system', system, 'expected a string or a list of text blocks');
  const texts = system.map((raw, index) => {
    const field = `system[${index}]`;
    const block = requireRecordAt(LABEL, raw, field, 'a text block {type: "text", text}');
    if (block.type !== 'text') throw invalidField(LABEL, `${field}.type`, block.type, 'the system prompt holds text blocks only');
    reportBlockKeys(block, ['type', 'text'], field, log);
    return requireStringAt(LABEL, block.text, `${field}.text`);
  });
  if (texts.length > 1) {
    system.forEach((_, index) =>
      log.add('merged', 'system text blocks joined into the one system instruction, a blank line between them', { field: `system[${index}]` }),
    );
  }
  return texts.join('\n\n');
}

/** Report a block's keys that are not carried over; cache_control marks go in one grouped entry. */
function reportBlockKeys(
  block: Record<string, unknown>,
  read: readonly string[],
  field: string,
  log: FidelityLog,
  reason = BLOCK_FIELD_DROPPED,
): void {
  for (const [key, value] of Object.entries(block)) {
    if (read.includes(key) || !carriesSomething(value)) continue;
    log.add('dropped', key === 'cache_control' ? CACHE_CONTROL_DROPPED : reason, { field: joinField(field, key) });
  }
}

function blocksOf(content: unknown, field: string): Record<string, unknown>[] {
  if (!Array.isArray(content)) throw invalidField(LABEL, `${field}.content`, content, 'expected a string or a list of content blocks');
  return content.map((block, index) => requireRecordAt(LABEL, block, `${field}.content[${index}]`, 'a content block {type, …}'));
}

/**
 * A user message. Its tool_result blocks answer the assistant message before it, so they become a
 * tool message placed before the person's own blocks from the same message, which is the order in
 * which the model reads them.
 */
function convertUserMessage(content: unknown, field: string, builder: TranscriptBuilder, log: FidelityLog): void {
  if (typeof content === 'string') {
    builder.push({ role: 'user', content }, { field });
    return;
  }
  const results: ToolResultPart[] = [];
  const parts: UserPart[] = [];
  blocksOf(content, field).forEach((block, index) => {
    const blockField = `${field}.content[${index}]`;
    if (block.type === 'tool_result') results.push(toolResultOf(block, blockField, log));
    else parts.push(...userBlock(block, blockField, log));
  });
  if (results.length > 0) builder.push({ role: 'tool', content: results }, { field });
  if (parts.length > 0 || results.length === 0) {
    const message: UserModelMessage = { role: 'user', content: parts };
    builder.push(message, results.length > 0 ? { field, note: 'the text and media of a user message that also held tool results' } : { field });
  }
}

function userBlock(block: Record<string, unknown>, field: string, log: FidelityLog): UserPart[] {
  switch (block.type) {
    case 'text':
      reportBlockKeys(block, ['type', 'text'], field, log);
      return [{ type: 'text', text: requireStringAt(LABEL, block.text, `${field}.text`) }];
    case 'image':
      return imageBlock(block, field, log);
    case 'document':
      return documentBlock(block, field, log);
    case 'tool_use':
    case 'thinking':
    case 'redacted_thinking':
      throw invalidField(LABEL, `${field}.type`, block.type, 'this block belongs in an assistant message');
    default:
      log.add('dropped', 'content block of a type Fork Lab does not map dropped', { field });
      return [];
  }
}

function imageBlock(block: Record<string, unknown>, field: string, log: FidelityLog): ImagePart[] {
  reportBlockKeys(block, ['type', 'source'], field, log);
  const sourceField = `${field}.source`;
  const source = requireRecordAt(LABEL, block.source, sourceField, 'an image source {type: "base64" | "url", …}');
  if (source.type === 'base64') {
    return [
      {
        type: 'image',
        image: requireStringAt(LABEL, source.data, `${sourceField}.data`, 'expected base64 image data'),
        mediaType: requireStringAt(LABEL, source.media_type, `${sourceField}.media_type`, 'expected a media type such as "image/png"'),
      },
    ];
  }
  if (source.type === 'url') return [{ type: 'image', image: requireStringAt(LABEL, source.url, `${sourceField}.url`) }];
  log.add('dropped', "image given only by an Anthropic file id dropped: the file itself is on Anthropic's servers, not in this input", { field });
  return [];
}

function documentBlock(block: Record<string, unknown>, field: string, log: FidelityLog): FilePart[] {
  reportBlockKeys(block, ['type', 'source', 'title'], field, log);
  const sourceField = `${field}.source`;
  const source = requireRecordAt(LABEL, block.source, sourceField, 'a document source {type, …}');
  // The AI SDK's Anthropic provider sends a file part's filename as the document title.
  const title = optionalStringAt(LABEL, block.title, `${field}.title`);
  const named = title === undefined ? {} : { filename: title };
  if (source.type === 'base64') {
    return [
      {
        type: 'file',
        data: requireStringAt(LABEL, source.data, `${sourceField}.data`, 'expected base64 document data'),
        mediaType: requireStringAt(LABEL, source.media_type, `${sourceField}.media_type`, 'expected a media type such as "application/pdf"'),
        ...named,
      },
    ];
  }
  if (source.type === 'text') {
    const text = requireStringAt(LABEL, source.data, `${sourceField}.data`, 'expected the document text');
    return [{ type: 'file', data: base64OfText(text), mediaType: optionalStringAt(LABEL, source.media_type, `${sourceField}.media_type`) ?? 'text/plain', ...named }];
  }
  if (source.type === 'url') {
    log.add('guessed', 'document URL read as a PDF, the only document type Anthropic fetches by URL', { field: sourceField });
    return [{ type: 'file', data: requireStringAt(LABEL, source.url, `${sourceField}.url`), mediaType: 'application/pdf', ...named }];
  }
  log.add('dropped', 'document of a source type Fork Lab does not map (file id, content blocks) dropped', { field });
  return [];
}

/** UTF-8 text as base64, without Node's Buffer so the importer also runs in the browser. */
function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function toolResultOf(block: Record<string, unknown>, field: string, log: FidelityLog): ToolResultPart {
  reportBlockKeys(block, ['type', 'tool_use_id', 'content', 'is_error'], field, log);
  const toolCallId = requireStringAt(LABEL, block.tool_use_id, `${field}.tool_use_id`, 'expected the id of the tool_use it answers');
  const isError = block.is_error === true;
  // The name comes from the call when the builder pairs them.
  return { type: 'tool-result', toolCallId, toolName: '', output: toolResultOutput(block.content, isError, `${field}.content`, log) };
}

type ContentItem = Extract<ToolOutput, { type: 'content' }>['value'][number];

function toolResultOutput(content: unknown, isError: boolean, field: string, log: FidelityLog): ToolOutput {
  if (content === undefined || content === null) return { type: isError ? 'error-text' : 'text', value: '' };
  if (typeof content === 'string') return { type: isError ? 'error-text' : 'text', value: content };
  if (!Array.isArray(content)) throw invalidField(LABEL, field, content, 'expected a string or a list of text/image blocks');
  const items = content.flatMap((raw, index) => resultItem(raw, `${field}[${index}]`, log));
  const texts = items.flatMap((item) => (item.type === 'text' ? [item.text] : []));
  if (texts.length === items.length && texts.length <= 1) return { type: isError ? 'error-text' : 'text', value: texts[0] ?? '' };
  if (texts.length === items.length && isError) {
    log.add('merged', 'text blocks of an error result joined into one error text, a newline between them', { field });
    return { type: 'error-text', value: texts.join('\n') };
  }
  if (isError) log.add('dropped', 'error flag of a result holding images dropped: a content output has no error form', { field });
  return { type: 'content', value: items };
}

function resultItem(raw: unknown, field: string, log: FidelityLog): ContentItem[] {
  const block = requireRecordAt(LABEL, raw, field, 'a content block {type, …}');
  if (block.type === 'text') {
    reportBlockKeys(block, ['type', 'text'], field, log);
    return [{ type: 'text', text: requireStringAt(LABEL, block.text, `${field}.text`) }];
  }
  if (block.type === 'image') {
    const [image] = imageBlock(block, field, log);
    if (image === undefined) return [];
    const data = image.image as string;
    return [image.mediaType === undefined ? { type: 'image-url', url: data } : { type: 'image-data', data, mediaType: image.mediaType }];
  }
  log.add('dropped', 'tool result block of a type Fork Lab does not map dropped', { field });
  return [];
}

function assistantContent(content: unknown, field: string, log: FidelityLog): AssistantModelMessage['content'] {
  if (typeof content === 'string') return content;
  return blocksOf(content, field).flatMap((block, index) => assistantBlock(block, `${field}.content[${index}]`, log));
}

function assistantBlock(block: Record<string, unknown>, field: string, log: FidelityLog): AssistantPart[] {
  switch (block.type) {
    case 'text':
      reportBlockKeys(block, ['type', 'text'], field, log);
      return [{ type: 'text', text: requireStringAt(LABEL, block.text, `${field}.text`) }];
    case 'tool_use': {
      reportBlockKeys(block, ['type', 'id', 'name', 'input'], field, log);
      const toolCallId = requireStringAt(LABEL, block.id, `${field}.id`, "expected the call's id");
      const toolName = requireStringAt(LABEL, block.name, `${field}.name`, "expected the tool's name");
      return [{ type: 'tool-call', toolCallId, toolName, input: block.input ?? {} }];
    }
    case 'thinking': {
      reportBlockKeys(block, ['type', 'thinking', 'signature'], field, log);
      const text = requireStringAt(LABEL, block.thinking, `${field}.thinking`);
      const signature = optionalStringAt(LABEL, block.signature, `${field}.signature`);
      if (signature === undefined) return [{ type: 'reasoning', text }];
      log.add('flagged', SIGNED_THINKING, { field });
      return [{ type: 'reasoning', text, providerOptions: { anthropic: { signature } } }];
    }
    case 'redacted_thinking':
      log.add('dropped', 'redacted thinking dropped: it is encrypted, and only the same Anthropic model can read it', { field });
      return [];
    case 'tool_result':
      throw invalidField(LABEL, `${field}.type`, block.type, 'tool_result blocks belong in the user message after the call');
    default:
      log.add('dropped', 'content block of a type Fork Lab does not map dropped', { field });
      return [];
  }
}

function anthropicTools(body: Record<string, unknown> | undefined, log: FidelityLog): ToolDeclaration[] | undefined {
  if (body === undefined || body.tools === undefined) return undefined;
  if (!Array.isArray(body.tools)) throw invalidField(LABEL, 'tools', body.tools, 'expected a list of tool declarations');
  return body.tools.map((raw, index): ToolDeclaration => {
    const field = `tools[${index}]`;
    const tool = requireRecordAt(LABEL, raw, field, 'a tool declaration {name, description?, input_schema}');
    const name = requireStringAt(LABEL, tool.name, `${field}.name`, "expected the tool's name");
    if (name === '') throw invalidField(LABEL, `${field}.name`, name, 'a tool needs a non-empty name');
    if (tool.type !== undefined && tool.type !== 'custom') {
      log.add('dropped', 'Anthropic-defined tool (bash, text editor, web search, …) kept by name only: its schema is built into the model', { field });
      return { name };
    }
    reportBlockKeys(tool, ['type', 'name', 'description', 'input_schema'], field, log, TOOL_FIELD_DROPPED);
    const description = optionalStringAt(LABEL, tool.description, `${field}.description`);
    const schema = tool.input_schema;
    if (schema !== undefined && schema !== null && !isRecord(schema)) {
      throw invalidField(LABEL, `${field}.input_schema`, schema, 'expected a JSON Schema object');
    }
    return { name, ...(description === undefined ? {} : { description }), ...(isRecord(schema) ? { inputSchema: schema } : {}) };
  });
}
