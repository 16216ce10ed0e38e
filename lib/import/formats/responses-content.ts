import type { FilePart, ImagePart, TextPart, UserModelMessage } from 'ai';
import type { ToolOutput } from '@/lib/fork';
import { toolOutputOf } from '../content-mapping';
import { splitDataUrl } from '../data-url';
import type { FidelityLog, FindingPlace } from '../fidelity-report';
import type { InvalidContentError } from '../import-errors';
import { isRecord, nonEmptyString } from '../import-source';
import { type AssistantPart, imagePartFromUrl, REFUSAL_KEPT_AS_TEXT, type UserPart } from './api-body';

/*
 * The content inside OpenAI Responses items: the parts of a message (`input_text`, `output_text`,
 * `input_image`, `input_file`, `refusal`) and the output of a tool call, in every shape Codex and the
 * API write it.
 */

/** What an importer tells the converter about the item in hand: where it is, and how its report words things. */
export interface ItemContext {
  readonly log: FidelityLog;
  /** Where a finding about the item, or about one of its fields (`content[2].annotations`), is reported. */
  place(key?: string): FindingPlace;
  /** The refusal of a field that holds what no producer writes; `type` names the item, `key` the field. */
  invalid(type: string, key: string, value: unknown, expected: string): InvalidContentError;
  /** The reason reported for an item left out whole: Codex names its record, an API body the item's type. */
  droppedItem(type: string, why: string): string;
  /** The reason reported for reasoning that only OpenAI can decrypt. */
  readonly encryptedReasoning: string;
}

type ContentOutputItem = Extract<ToolOutput, { type: 'content' }>['value'][number];
type ContentPart = Record<string, unknown> & { type: string };

const TEXT_TYPES = new Set(['input_text', 'output_text', 'text']);
const NO_IMAGE = 'input_image without an image_url: there is no image to carry';
const OPENAI_FILE_ID_DROPPED = "content given only by an OpenAI file id dropped: the file itself is on OpenAI's servers, not in this input";

export function requireStringIn(ctx: ItemContext, type: string, key: string, value: unknown, expected = 'expected a string'): string {
  if (typeof value !== 'string') throw ctx.invalid(type, key, value, expected);
  return value;
}

/** A content part: an object with a string `type`; anything else is no producer's. */
function partAt(raw: unknown, key: string, type: string, ctx: ItemContext): ContentPart {
  if (!isRecord(raw)) throw ctx.invalid(type, key, raw, 'expected a content part {type, …}');
  const partType = raw.type;
  if (typeof partType !== 'string') throw ctx.invalid(type, `${key}.type`, partType, 'expected a content part type such as "input_text"');
  return { ...raw, type: partType };
}

/** A text part's text, reporting the citations a text part has no place for. */
function textOf(part: ContentPart, key: string, type: string, ctx: ItemContext): string {
  if (Array.isArray(part.annotations) && part.annotations.length > 0) {
    ctx.log.add('dropped', 'output_text annotations (citations) dropped: a text part has no place for them', ctx.place(`${key}.annotations`));
  }
  return requireStringIn(ctx, type, `${key}.text`, part.text);
}

/** An `input_image`'s URL; none (a file id, `null`) is reported and leaves the image out. */
function imageUrlOf(part: ContentPart, key: string, type: string, ctx: ItemContext): string | undefined {
  const url = part.image_url;
  if (typeof url === 'string' && url !== '') return url;
  if (url !== undefined && url !== null && url !== '') throw ctx.invalid(type, `${key}.image_url`, url, 'expected the image URL or data URL');
  ctx.log.add('dropped', nonEmptyString(part.file_id) === undefined ? NO_IMAGE : OPENAI_FILE_ID_DROPPED, ctx.place(key));
  return undefined;
}

function userImage(part: ContentPart, url: string, key: string, ctx: ItemContext): ImagePart {
  const detail = part.detail ?? undefined;
  if (detail !== undefined && typeof detail !== 'string') throw ctx.invalid('message', `${key}.detail`, detail, 'expected "low", "high" or "auto"');
  // The AI SDK's OpenAI provider reads `imageDetail` back into `detail`, so the setting survives.
  return imagePartFromUrl(url, detail === undefined ? undefined : { openai: { imageDetail: detail } });
}

/** An assistant message holds no image part; a file part is the AI SDK's form for one. */
function assistantImage(_part: ContentPart, url: string, key: string, ctx: ItemContext): FilePart {
  const inline = splitDataUrl(url);
  if (inline === undefined) {
    ctx.log.add('guessed', 'image in an assistant message carried as a file of type image/* (the URL names no media type)', ctx.place(key));
  }
  return { type: 'file', data: inline?.data ?? url, mediaType: inline?.mediaType ?? 'image/*' };
}

function filePartOf(part: ContentPart, key: string, type: string, ctx: ItemContext): FilePart | undefined {
  const optional = (name: string) => (part[name] === undefined || part[name] === null ? undefined : requireStringIn(ctx, type, `${key}.${name}`, part[name]));
  const filename = optional('filename');
  const named = filename === undefined ? {} : { filename };
  const fileData = optional('file_data');
  const fileUrl = optional('file_url');
  if (fileData !== undefined) {
    const inline = splitDataUrl(fileData);
    if (inline !== undefined) return { type: 'file', data: inline.data, mediaType: inline.mediaType, ...named };
    ctx.log.add('guessed', 'file data has no media type; read as a PDF', ctx.place(`${key}.file_data`));
    return { type: 'file', data: fileData, mediaType: 'application/pdf', ...named };
  }
  if (fileUrl !== undefined) {
    ctx.log.add('guessed', 'file URL has no media type; read as a PDF', ctx.place(`${key}.file_url`));
    return { type: 'file', data: fileUrl, mediaType: 'application/pdf', ...named };
  }
  ctx.log.add('dropped', OPENAI_FILE_ID_DROPPED, ctx.place(key));
  return undefined;
}

/** One message content part; `image` says what an image becomes on this side of the conversation. */
function messagePartOf<P>(
  raw: unknown,
  key: string,
  ctx: ItemContext,
  image: (part: ContentPart, url: string, key: string, ctx: ItemContext) => P,
): TextPart | FilePart | P | undefined {
  const part = partAt(raw, key, 'message', ctx);
  if (TEXT_TYPES.has(part.type)) return { type: 'text', text: textOf(part, key, 'message', ctx) };
  switch (part.type) {
    case 'input_image': {
      const url = imageUrlOf(part, key, 'message', ctx);
      return url === undefined ? undefined : image(part, url, key, ctx);
    }
    case 'input_file':
      return filePartOf(part, key, 'message', ctx);
    case 'refusal':
      ctx.log.add('merged', REFUSAL_KEPT_AS_TEXT, ctx.place(key));
      return { type: 'text', text: requireStringIn(ctx, 'message', `${key}.refusal`, part.refusal) };
  }
  ctx.log.add('dropped', `message content item "${part.type}": not a kind Fork Lab maps`, ctx.place(key));
  return undefined;
}

function definedParts<P>(content: readonly unknown[], partOf: (raw: unknown, key: string) => P | undefined): P[] {
  return content.flatMap((raw, index) => {
    const part = partOf(raw, `content[${index}]`);
    return part === undefined ? [] : [part];
  });
}

export function userContentOf(content: readonly unknown[], ctx: ItemContext): Exclude<UserModelMessage['content'], string> {
  return definedParts<UserPart>(content, (raw, key) => messagePartOf(raw, key, ctx, userImage));
}

export function assistantContentOf(content: readonly unknown[], ctx: ItemContext): AssistantPart[] {
  return definedParts<AssistantPart>(content, (raw, key) => messagePartOf(raw, key, ctx, assistantImage));
}

/** The texts of a system or developer message; a part that is not text is reported and left out. */
export function systemTextsOf(content: string | readonly unknown[], role: string, ctx: ItemContext): string[] {
  if (typeof content === 'string') return [content];
  return definedParts<string>(content, (raw, key) => {
    const part = partAt(raw, key, 'message', ctx);
    if (TEXT_TYPES.has(part.type)) return textOf(part, key, 'message', ctx);
    ctx.log.add('dropped', `${role} message content that is not text: a system message holds text only`, ctx.place(key));
    return undefined;
  });
}

/** Content items of a tool output as an AI SDK `content` output. */
function contentOutputOf(items: readonly unknown[], keyOf: (index: number) => string, type: string, ctx: ItemContext): ToolOutput {
  const value = items.flatMap((raw, index): ContentOutputItem[] => {
    const key = keyOf(index);
    const part = partAt(raw, key, type, ctx);
    if (TEXT_TYPES.has(part.type)) return [{ type: 'text', text: requireStringIn(ctx, type, `${key}.text`, part.text) }];
    if (part.type === 'input_image') {
      const url = imageUrlOf(part, key, type, ctx);
      if (url === undefined) return [];
      const inline = splitDataUrl(url);
      return [inline === undefined ? { type: 'image-url', url } : { type: 'image-data', data: inline.data, mediaType: inline.mediaType }];
    }
    const inline = part.type === 'input_file' && typeof part.file_data === 'string' ? splitDataUrl(part.file_data) : undefined;
    if (inline !== undefined) {
      const filename = nonEmptyString(part.filename);
      return [{ type: 'file-data', data: inline.data, mediaType: inline.mediaType, ...(filename === undefined ? {} : { filename }) }];
    }
    const why = part.type === 'input_file' ? 'input_file without inline data (a file id or URL)' : `"${part.type}"`;
    ctx.log.add('dropped', `tool output part ${why}: not something Fork Lab can carry`, ctx.place(key));
    return [];
  });
  return { type: 'content', value };
}

/**
 * A tool call's `output`: a string; a list of content items; `{content, success}` (older Codex
 * wrote this, `success: false` marking a failed call); or one content item alone (rollouts
 * in Codex 0.146's shapes).
 */
export function toolOutputFrom(output: unknown, type: string, ctx: ItemContext): ToolOutput {
  if (typeof output === 'string') return toolOutputOf(output);
  if (Array.isArray(output)) return contentOutputOf(output, (index) => `output[${index}]`, type, ctx);
  if (isRecord(output) && 'content' in output) {
    const failed = output.success === false;
    if (typeof output.content === 'string') return toolOutputOf(output.content, failed);
    if (Array.isArray(output.content)) {
      if (failed) ctx.log.add('dropped', 'failure flag of a tool output with content items: the AI SDK content output has none', ctx.place('output.success'));
      return contentOutputOf(output.content, (index) => `output.content[${index}]`, type, ctx);
    }
    throw ctx.invalid(type, 'output.content', output.content, 'expected a string or a list of content items');
  }
  if (isRecord(output) && typeof output.type === 'string') return contentOutputOf([output], () => 'output', type, ctx);
  throw ctx.invalid(type, 'output', output, 'expected a string, a list of content items or {content, success}');
}
