import type { AssistantModelMessage, FilePart, ImagePart, UserModelMessage } from 'ai';
import type { ToolDeclaration } from '@/lib/fork';
import { splitDataUrl } from '../data-url';
import type { FidelityLog } from '../fidelity-report';
import type { ConvertedImport } from '../import-format';
import { isRecord, lookup } from '../import-source';
import { TranscriptBuilder } from '../transcript-builder';
import {
  type AssistantPart,
  imagePartFromUrl,
  invalidField,
  MESSAGE_FIELD_DROPPED,
  type MessageList,
  MID_CONVERSATION_SYSTEM,
  optionalStringAt,
  REFUSAL_KEPT_AS_TEXT,
  reportUnreadKeys,
  requireRecordAt,
  requireStringAt,
  type UserPart,
} from './api-body';
import { LeadingSystem } from './leading-system';
import { messageListFormat } from './message-list-format';
import { appendToolResult, CHAT_LABEL, type ChatState, legacyCallPart, toolCallParts, toolResultOf } from './openai-chat-tool-calls';
import { requestBodyProfile } from './request-body-profile';
import { sharedChatShapeScore } from './shared-chat-shape';
import { TOOL_FIELD_DROPPED, toolDeclarationOf } from './tool-declaration';
import { unknownRoles } from './unknown-role';

// ---------------------------------------------------------------------------------------------
// OpenAI Chat Completions
// ---------------------------------------------------------------------------------------------

const LABEL = CHAT_LABEL;
const FORMAT = 'openai-chat';
const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;
type ChatRole = (typeof ROLES)[number];

const BODY_KEYS_READ = new Set(['model', 'messages', 'tools', 'functions']);
const KEYS_READ: Record<ChatRole, ReadonlySet<string>> = {
  system: new Set(['role', 'content']),
  developer: new Set(['role', 'content']),
  user: new Set(['role', 'content']),
  assistant: new Set(['role', 'content', 'tool_calls', 'function_call', 'refusal']),
  tool: new Set(['role', 'content', 'tool_call_id']),
  function: new Set(['role', 'content', 'name']),
};

function detectOpenAiChat(list: MessageList): number {
  // Keys another API puts at the top of its body: not a Chat Completions request.
  if (list.body !== undefined && ('input' in list.body || 'system' in list.body)) return 0;
  if (list.messages.some(hasChatMarker) || hasChatToolsMarker(list.body)) return 1;
  return sharedChatShapeScore(list.messages, ['system', 'user', 'assistant']);
}

/** Something only a Chat Completions message has. */
function hasChatMarker(message: unknown): boolean {
  if (!isRecord(message)) return false;
  // Present even when empty: the API writes `refusal: null`, `annotations: []` on every reply.
  if (['tool_calls', 'tool_call_id', 'function_call', 'refusal', 'annotations', 'audio'].some((key) => key in message)) return true;
  if (typeof message.name === 'string') return true;
  if (message.role === 'developer' || message.role === 'function') return true;
  if (message.role === 'tool' && typeof message.content === 'string') return true;
  if (message.role === 'assistant' && message.content === null) return true;
  return (
    Array.isArray(message.content) &&
    message.content.some(
      (part) =>
        isRecord(part) &&
        (part.type === 'image_url' || part.type === 'input_audio' || part.type === 'refusal' || (part.type === 'file' && isRecord(part.file))),
    )
  );
}

function hasChatToolsMarker(body: Record<string, unknown> | undefined): boolean {
  if (body === undefined) return false;
  if (Array.isArray(body.functions)) return true;
  return Array.isArray(body.tools) && body.tools.some((tool) => isRecord(tool) && isRecord(tool.function));
}

function convertOpenAiChat({ messages, body }: MessageList, log: FidelityLog): ConvertedImport {
  const state: ChatState = {
    builder: new TranscriptBuilder(FORMAT, log),
    log,
    legacyCalls: new Map(),
    openToolMessage: undefined,
  };
  const system = new LeadingSystem();
  const otherRoles = unknownRoles(messages, ROLES, LABEL, log);
  messages.forEach((raw, index) => {
    const field = `messages[${index}]`;
    const message = requireRecordAt(LABEL, raw, field, 'a message object {role, content}');
    if (otherRoles.drops(message, field)) return;
    const role = chatRoleOf(message, field);
    reportUnreadKeys(message, KEYS_READ[role], field, log, MESSAGE_FIELD_DROPPED);
    if (system.leads(role === 'system' || role === 'developer')) {
      system.add(systemText(message.content, field), field);
      return;
    }
    convertChatMessage(message, role, field, index, state);
  });
  const profile = requestBodyProfile(LABEL, body, log, {
    systemInstruction: () => system.instruction(log),
    tools: () => chatTools(body, log),
    holdsSystemInstruction: true,
  });
  return { transcript: state.builder.finish(profile) };
}

function chatRoleOf(message: Record<string, unknown>, field: string): ChatRole {
  const role = message.role;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    throw invalidField(LABEL, `${field}.role`, role, `allowed: ${ROLES.join(', ')}`);
  }
  return role as ChatRole;
}

function convertChatMessage(message: Record<string, unknown>, role: ChatRole, field: string, index: number, state: ChatState): void {
  if (role === 'tool' || role === 'function') {
    appendToolResult(toolResultOf(message, role, field, state), field, state);
    return;
  }
  state.openToolMessage = undefined;
  if (role === 'system' || role === 'developer') {
    state.log.add('flagged', MID_CONVERSATION_SYSTEM, { field });
    state.builder.push({ role: 'system', content: systemText(message.content, field) }, { field });
  } else if (role === 'user') {
    state.builder.push({ role: 'user', content: userContent(message.content, field, state.log) }, { field });
  } else {
    state.builder.push({ role: 'assistant', content: assistantContent(message, field, index, state) }, { field });
  }
}

/** The text of a system or developer message: a string or text parts. */
function systemText(content: unknown, field: string): string {
  if (typeof content === 'string') return content;
  const texts = Array.isArray(content) ? content.map((part) => (isRecord(part) && part.type === 'text' ? part.text : undefined)) : [];
  if (!Array.isArray(content) || texts.some((text) => typeof text !== 'string')) {
    throw invalidField(LABEL, `${field}.content`, content, 'a system message holds a string or {type: "text", text} parts');
  }
  return texts.join('\n');
}

function userContent(content: unknown, field: string, log: FidelityLog): UserModelMessage['content'] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) {
    throw invalidField(LABEL, `${field}.content`, content, 'a user message holds a string or a list of content parts');
  }
  return content.flatMap((part, index) => userPart(part, `${field}.content[${index}]`, log));
}

function userPart(raw: unknown, field: string, log: FidelityLog): UserPart[] {
  const part = requireRecordAt(LABEL, raw, field, 'a content part {type, …}');
  switch (part.type) {
    case 'text':
      return [{ type: 'text', text: requireStringAt(LABEL, part.text, `${field}.text`) }];
    case 'image_url':
      return [imageUrlPart(part.image_url, `${field}.image_url`)];
    case 'input_audio':
      return [audioPart(part.input_audio, `${field}.input_audio`)];
    case 'file':
      return filePart(part.file, field, log);
    default:
      log.add('dropped', 'content part of a type Fork Lab does not map dropped', { field });
      return [];
  }
}

function imageUrlPart(raw: unknown, field: string): ImagePart {
  // Early clients sent `image_url` as the URL string itself.
  if (typeof raw === 'string') return imagePartFromUrl(raw);
  const imageUrl = requireRecordAt(LABEL, raw, field, 'an object {url, detail?}');
  const url = requireStringAt(LABEL, imageUrl.url, `${field}.url`, 'expected the image URL or data URL');
  const detail = optionalStringAt(LABEL, imageUrl.detail, `${field}.detail`);
  // The AI SDK's OpenAI provider reads `imageDetail` back into `detail`, so the setting survives.
  return imagePartFromUrl(url, detail === undefined ? undefined : { openai: { imageDetail: detail } });
}

const AUDIO_MEDIA_TYPES: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

function audioPart(raw: unknown, field: string): FilePart {
  const audio = requireRecordAt(LABEL, raw, field, 'an object {data, format}');
  const data = requireStringAt(LABEL, audio.data, `${field}.data`, 'expected base64 audio');
  const format = requireStringAt(LABEL, audio.format, `${field}.format`, 'expected "wav" or "mp3"');
  return { type: 'file', data, mediaType: lookup(AUDIO_MEDIA_TYPES, format) ?? `audio/${format}` };
}

/** A `file` content part; `partField` names the part, the report's place when it is dropped. */
function filePart(raw: unknown, partField: string, log: FidelityLog): FilePart[] {
  const field = `${partField}.file`;
  const file = requireRecordAt(LABEL, raw, field, 'an object {file_data?, file_id?, filename?}');
  const filename = optionalStringAt(LABEL, file.filename, `${field}.filename`);
  const fileData = optionalStringAt(LABEL, file.file_data, `${field}.file_data`);
  if (fileData === undefined) {
    log.add('dropped', "file given only by an OpenAI file id dropped: the file itself is on OpenAI's servers, not in this input", { field: partField });
    return [];
  }
  const inline = splitDataUrl(fileData);
  if (inline === undefined) {
    log.add('guessed', 'file data has no media type; read as a PDF, the only file type Chat Completions accepts', {
      field: `${field}.file_data`,
    });
  }
  return [
    {
      type: 'file',
      data: inline?.data ?? fileData,
      mediaType: inline?.mediaType ?? 'application/pdf',
      ...(filename === undefined ? {} : { filename }),
    },
  ];
}

function assistantContent(message: Record<string, unknown>, field: string, index: number, state: ChatState): AssistantModelMessage['content'] {
  const parts: AssistantPart[] = [...assistantTextParts(message.content, field, state.log)];
  const refusal = typeof message.refusal === 'string' && message.refusal !== '' ? message.refusal : undefined;
  if (refusal !== undefined) {
    state.log.add('merged', REFUSAL_KEPT_AS_TEXT, { field: `${field}.refusal` });
    parts.push({ type: 'text', text: refusal });
  }
  const calls = toolCallParts(message.tool_calls, `${field}.tool_calls`, state.log);
  const legacy = legacyCallPart(message.function_call, `${field}.function_call`, index, state);
  // A plain text reply keeps the string form it was written in.
  if (typeof message.content === 'string' && refusal === undefined && calls.length === 0 && legacy === undefined) {
    return message.content;
  }
  return [...parts, ...calls, ...(legacy === undefined ? [] : [legacy])];
}

function assistantTextParts(content: unknown, field: string, log: FidelityLog): AssistantPart[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) {
    throw invalidField(LABEL, `${field}.content`, content, 'an assistant message holds a string, null or text/refusal parts');
  }
  return content.flatMap((raw, index): AssistantPart[] => {
    const partField = `${field}.content[${index}]`;
    const part = requireRecordAt(LABEL, raw, partField, 'a content part {type, …}');
    if (part.type === 'text') return [{ type: 'text', text: requireStringAt(LABEL, part.text, `${partField}.text`) }];
    if (part.type === 'refusal') {
      log.add('merged', REFUSAL_KEPT_AS_TEXT, { field: partField });
      return [{ type: 'text', text: requireStringAt(LABEL, part.refusal, `${partField}.refusal`) }];
    }
    log.add('dropped', 'content part of a type Fork Lab does not map dropped', { field: partField });
    return [];
  });
}

function chatTools(body: Record<string, unknown> | undefined, log: FidelityLog): ToolDeclaration[] | undefined {
  if (body === undefined || (body.tools === undefined && body.functions === undefined)) return undefined;
  const tools: ToolDeclaration[] = [];
  for (const key of ['tools', 'functions'] as const) {
    const raw = body[key];
    if (raw === undefined || raw === null) continue;
    if (!Array.isArray(raw)) throw invalidField(LABEL, key, raw, 'expected a list of tool declarations');
    raw.forEach((entry, index) => {
      const declaration = chatToolDeclaration(entry, key === 'functions', `${key}[${index}]`, log);
      if (declaration !== undefined) tools.push(declaration);
    });
  }
  return tools;
}

function chatToolDeclaration(raw: unknown, legacy: boolean, field: string, log: FidelityLog): ToolDeclaration | undefined {
  const tool = requireRecordAt(LABEL, raw, field, 'a tool declaration');
  if (legacy) return functionDeclaration(tool, field, log);
  if (tool.type === 'function' || (tool.type === undefined && isRecord(tool.function))) {
    reportUnreadKeys(tool, new Set(['type', 'function']), field, log, TOOL_FIELD_DROPPED);
    return functionDeclaration(
      requireRecordAt(LABEL, tool.function, `${field}.function`, 'an object {name, description?, parameters?}'),
      `${field}.function`,
      log,
    );
  }
  if (tool.type === 'custom' && isRecord(tool.custom)) {
    reportUnreadKeys(tool.custom, new Set(['name', 'description']), `${field}.custom`, log, TOOL_FIELD_DROPPED);
    const description = optionalStringAt(LABEL, tool.custom.description, `${field}.custom.description`);
    return {
      name: requireStringAt(LABEL, tool.custom.name, `${field}.custom.name`),
      ...(description === undefined ? {} : { description }),
    };
  }
  log.add('dropped', 'tool of a type other than function or custom dropped: Fork Lab declares function tools only', { field });
  return undefined;
}

function functionDeclaration(fn: Record<string, unknown>, field: string, log: FidelityLog): ToolDeclaration {
  reportUnreadKeys(fn, new Set(['name', 'description', 'parameters']), field, log, TOOL_FIELD_DROPPED);
  return toolDeclarationOf(LABEL, fn, field, 'parameters');
}

export const openAiChatFormat = messageListFormat('openai-chat', LABEL, {
  bodyKeysRead: BODY_KEYS_READ,
  detect: detectOpenAiChat,
  convert: convertOpenAiChat,
});
