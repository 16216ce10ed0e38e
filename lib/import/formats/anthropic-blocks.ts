import type { FilePart, ImagePart, ToolResultPart } from 'ai';
import type { ToolOutput } from '@/lib/fork';
import type { FidelityLog, FindingPlace } from '../fidelity-report';
import { type AssistantPart, carriesSomething, invalidField, joinField, optionalStringAt, requireRecordAt, requireStringAt, type UserPart } from './api-body';

/**
 * Anthropic content blocks, as the Messages API and Claude Code's session lines both write them.
 * A malformed block throws `InvalidContentError` naming its field; a request body refuses the
 * import on it, while a session (which the CLI wrote as it went) drops the block and reports it.
 */
export interface BlockContext {
  /** The format's label, for error messages. */
  label: string;
  log: FidelityLog;
  /** The source line, for JSONL formats: findings carry both the line and the field. */
  line?: number;
}

export const CACHE_CONTROL_DROPPED = 'cache_control marks dropped: prompt caching is a request setting, not conversation';
export const BLOCK_FIELD_DROPPED = 'content block field not carried over: a ModelMessage part has no place for it';
export const SIGNED_THINKING =
  'signed thinking kept with its signature: Anthropic accepts it back only from the same model, so a child on another model loses it';

function at(context: BlockContext, field: string): FindingPlace {
  return context.line === undefined ? { field } : { line: context.line, field };
}

/** Report a block's keys that are not carried over; cache_control marks go in one grouped entry. */
export function reportBlockKeys(
  block: Record<string, unknown>,
  read: readonly string[],
  field: string,
  context: BlockContext,
  reason = BLOCK_FIELD_DROPPED,
): void {
  for (const [key, value] of Object.entries(block)) {
    if (read.includes(key) || !carriesSomething(value)) continue;
    context.log.add('dropped', key === 'cache_control' ? CACHE_CONTROL_DROPPED : reason, at(context, joinField(field, key)));
  }
}

export function userBlock(block: Record<string, unknown>, field: string, context: BlockContext): UserPart[] {
  switch (block.type) {
    case 'text':
      reportBlockKeys(block, ['type', 'text'], field, context);
      return [{ type: 'text', text: requireStringAt(context.label, block.text, `${field}.text`) }];
    case 'image':
      return imageBlock(block, field, context);
    case 'document':
      return documentBlock(block, field, context);
    case 'tool_use':
    case 'thinking':
    case 'redacted_thinking':
      throw invalidField(context.label, `${field}.type`, block.type, 'this block belongs in an assistant message');
    default:
      context.log.add('dropped', 'content block of a type Fork Lab does not map dropped', at(context, field));
      return [];
  }
}

function imageBlock(block: Record<string, unknown>, field: string, context: BlockContext): ImagePart[] {
  reportBlockKeys(block, ['type', 'source'], field, context);
  const sourceField = `${field}.source`;
  const source = requireRecordAt(context.label, block.source, sourceField, 'an image source {type: "base64" | "url", …}');
  if (source.type === 'base64') {
    return [
      {
        type: 'image',
        image: requireStringAt(context.label, source.data, `${sourceField}.data`, 'expected base64 image data'),
        mediaType: requireStringAt(context.label, source.media_type, `${sourceField}.media_type`, 'expected a media type such as "image/png"'),
      },
    ];
  }
  if (source.type === 'url') return [{ type: 'image', image: requireStringAt(context.label, source.url, `${sourceField}.url`) }];
  context.log.add(
    'dropped',
    "image given only by an Anthropic file id dropped: the file itself is on Anthropic's servers, not in this input",
    at(context, field),
  );
  return [];
}

function documentBlock(block: Record<string, unknown>, field: string, context: BlockContext): FilePart[] {
  reportBlockKeys(block, ['type', 'source', 'title'], field, context);
  const sourceField = `${field}.source`;
  const source = requireRecordAt(context.label, block.source, sourceField, 'a document source {type, …}');
  // The AI SDK's Anthropic provider sends a file part's filename as the document title.
  const title = optionalStringAt(context.label, block.title, `${field}.title`);
  const named = title === undefined ? {} : { filename: title };
  if (source.type === 'base64') {
    return [
      {
        type: 'file',
        data: requireStringAt(context.label, source.data, `${sourceField}.data`, 'expected base64 document data'),
        mediaType: requireStringAt(context.label, source.media_type, `${sourceField}.media_type`, 'expected a media type such as "application/pdf"'),
        ...named,
      },
    ];
  }
  if (source.type === 'text') {
    const text = requireStringAt(context.label, source.data, `${sourceField}.data`, 'expected the document text');
    return [
      {
        type: 'file',
        data: base64OfText(text),
        mediaType: optionalStringAt(context.label, source.media_type, `${sourceField}.media_type`) ?? 'text/plain',
        ...named,
      },
    ];
  }
  if (source.type === 'url') {
    context.log.add('guessed', 'document URL read as a PDF, the only document type Anthropic fetches by URL', at(context, sourceField));
    return [{ type: 'file', data: requireStringAt(context.label, source.url, `${sourceField}.url`), mediaType: 'application/pdf', ...named }];
  }
  context.log.add('dropped', 'document of a source type Fork Lab does not map (file id, content blocks) dropped', at(context, field));
  return [];
}

/** UTF-8 text as base64, without Node's Buffer so the importer also runs in the browser. */
function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function toolResultOf(block: Record<string, unknown>, field: string, context: BlockContext): ToolResultPart {
  reportBlockKeys(block, ['type', 'tool_use_id', 'content', 'is_error'], field, context);
  const toolCallId = requireStringAt(context.label, block.tool_use_id, `${field}.tool_use_id`, 'expected the id of the tool_use it answers');
  const isError = block.is_error === true;
  // The name comes from the call when the builder pairs them.
  return { type: 'tool-result', toolCallId, toolName: '', output: toolResultOutput(block.content, isError, `${field}.content`, context) };
}

type ContentItem = Extract<ToolOutput, { type: 'content' }>['value'][number];

function toolResultOutput(content: unknown, isError: boolean, field: string, context: BlockContext): ToolOutput {
  if (content === undefined || content === null) return { type: isError ? 'error-text' : 'text', value: '' };
  if (typeof content === 'string') return { type: isError ? 'error-text' : 'text', value: content };
  if (!Array.isArray(content)) throw invalidField(context.label, field, content, 'expected a string or a list of text/image blocks');
  const items = content.flatMap((raw, index) => resultItem(raw, `${field}[${index}]`, context));
  const texts = items.flatMap((item) => (item.type === 'text' ? [item.text] : []));
  if (texts.length === items.length && texts.length <= 1) return { type: isError ? 'error-text' : 'text', value: texts[0] ?? '' };
  if (texts.length === items.length && isError) {
    context.log.add('merged', 'text blocks of an error result joined into one error text, a newline between them', at(context, field));
    return { type: 'error-text', value: texts.join('\n') };
  }
  if (isError) context.log.add('dropped', 'error flag of a result holding images dropped: a content output has no error form', at(context, field));
  return { type: 'content', value: items };
}

function resultItem(raw: unknown, field: string, context: BlockContext): ContentItem[] {
  const block = requireRecordAt(context.label, raw, field, 'a content block {type, …}');
  if (block.type === 'text') {
    reportBlockKeys(block, ['type', 'text'], field, context);
    return [{ type: 'text', text: requireStringAt(context.label, block.text, `${field}.text`) }];
  }
  if (block.type === 'image') {
    const [image] = imageBlock(block, field, context);
    if (image === undefined) return [];
    const data = image.image as string;
    return [image.mediaType === undefined ? { type: 'image-url', url: data } : { type: 'image-data', data, mediaType: image.mediaType }];
  }
  context.log.add('dropped', 'tool result block of a type Fork Lab does not map dropped', at(context, field));
  return [];
}

export function assistantBlock(block: Record<string, unknown>, field: string, context: BlockContext): AssistantPart[] {
  switch (block.type) {
    case 'text':
      reportBlockKeys(block, ['type', 'text'], field, context);
      return [{ type: 'text', text: requireStringAt(context.label, block.text, `${field}.text`) }];
    case 'tool_use': {
      reportBlockKeys(block, ['type', 'id', 'name', 'input'], field, context);
      const toolCallId = requireStringAt(context.label, block.id, `${field}.id`, "expected the call's id");
      const toolName = requireStringAt(context.label, block.name, `${field}.name`, "expected the tool's name");
      return [{ type: 'tool-call', toolCallId, toolName, input: block.input ?? {} }];
    }
    case 'thinking': {
      reportBlockKeys(block, ['type', 'thinking', 'signature'], field, context);
      const text = requireStringAt(context.label, block.thinking, `${field}.thinking`);
      const signature = optionalStringAt(context.label, block.signature, `${field}.signature`);
      if (signature === undefined) return [{ type: 'reasoning', text }];
      context.log.add('flagged', SIGNED_THINKING, at(context, field));
      return [{ type: 'reasoning', text, providerOptions: { anthropic: { signature } } }];
    }
    case 'redacted_thinking':
      context.log.add('dropped', 'redacted thinking dropped: it is encrypted, and only the same Anthropic model can read it', at(context, field));
      return [];
    case 'tool_result':
      throw invalidField(context.label, `${field}.type`, block.type, 'tool_result blocks belong in the user message after the call');
    default:
      context.log.add('dropped', 'content block of a type Fork Lab does not map dropped', at(context, field));
      return [];
  }
}
