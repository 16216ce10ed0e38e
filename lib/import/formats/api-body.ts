import type { AssistantModelMessage, ImagePart, UserModelMessage } from 'ai';
import { splitDataUrl } from '../data-url';
import type { FidelityLog } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import { type ImportSource, isRecord } from '../import-source';

/*
 * Reading API-shaped inputs (OpenAI Chat and Responses bodies, Anthropic Messages bodies, AI SDK
 * message lists): the message list, typed field checks that name the field, and the report reasons
 * those formats share.
 */

export type UserPart = Exclude<UserModelMessage['content'], string>[number];
export type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];

/** A JSON document's message list: a bare array, or the `messages` of a request body. */
export interface MessageList {
  messages: unknown[];
  /** The request body around the list; undefined for a bare array. */
  body: Record<string, unknown> | undefined;
}

export function messageListOf(source: ImportSource): MessageList | undefined {
  if (source.shape !== 'json') return undefined;
  const value = source.value;
  if (Array.isArray(value)) return { messages: value, body: undefined };
  if (isRecord(value) && Array.isArray(value.messages)) return { messages: value.messages, body: value };
  return undefined;
}

/** The message list, or a FormatMismatchError that says what the format expects instead. */
export function requireMessageList(source: ImportSource, label: string): MessageList {
  if (source.shape !== 'json') {
    throw new FormatMismatchError(label, 'the input is JSON Lines; this format is one JSON document');
  }
  const list = messageListOf(source);
  if (list === undefined) {
    throw new FormatMismatchError(label, 'expected a list of messages or an object with a "messages" list', {
      field: 'messages',
    });
  }
  return list;
}

/** `"bot"`, `a number`, `null`, `a list`: a value as an error message names it. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** An InvalidContentError naming the field, what it holds and what is allowed. */
export function invalidField(label: string, field: string, value: unknown, allowed: string): InvalidContentError {
  return new InvalidContentError(`${label}: ${field} is ${describeValue(value)}; ${allowed}.`, { field });
}

export function requireRecordAt(label: string, value: unknown, field: string, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw invalidField(label, field, value, `expected ${what}`);
  return value;
}

export function requireStringAt(label: string, value: unknown, field: string, what = 'expected a string'): string {
  if (typeof value !== 'string') throw invalidField(label, field, value, what);
  return value;
}

export function optionalStringAt(label: string, value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return requireStringAt(label, value, field, 'expected a string or nothing');
}

export function joinField(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base === '' ? key : `${base}.${key}`;
}

/** Whether a value carries something: null, undefined, '' and empty lists/objects do not. */
export function carriesSomething(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) return Object.keys(value).length > 0;
  return true;
}

/** Report every key of `record` the importer does not read, except those that hold nothing. */
export function reportUnreadKeys(record: Record<string, unknown>, read: ReadonlySet<string>, base: string, log: FidelityLog, reason: string): void {
  for (const [key, value] of Object.entries(record)) {
    if (read.has(key) || !carriesSomething(value)) continue;
    log.add('dropped', reason, { field: joinField(base, key) });
  }
}

export const REQUEST_SETTING_DROPPED =
  'request setting not carried over: a fork inherits the conversation, system prompt, tools and model, not sampling or output settings';
export const MESSAGE_FIELD_DROPPED = 'message field not carried over: a ModelMessage has no place for it';
export const MID_CONVERSATION_SYSTEM =
  'system message after the conversation started kept as a system message where it was; not every provider accepts one there';
export const LEADING_SYSTEM_MERGED = 'leading system messages joined into the one system instruction, a blank line between them';
export const REFUSAL_KEPT_AS_TEXT = 'assistant refusal kept as text: a ModelMessage has no refusal field';

/**
 * An image part from a URL or a data URL. A data URL is split into base64 and media type, the
 * shape the AI SDK and Anthropic use for inline images, so the same image reads alike in every
 * format.
 */
export function imagePartFromUrl(url: string, providerOptions?: ImagePart['providerOptions']): ImagePart {
  const inline = splitDataUrl(url);
  const base: ImagePart = inline === undefined ? { type: 'image', image: url } : { type: 'image', image: inline.data, mediaType: inline.mediaType };
  return providerOptions === undefined ? base : { ...base, providerOptions };
}
