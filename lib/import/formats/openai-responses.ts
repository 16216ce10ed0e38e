import type { AssistantModelMessage, ToolResultPart, UserModelMessage } from 'ai';
import type { ToolDeclaration } from '@/lib/fork';
import { parseToolArguments } from '../content-mapping';
import { splitDataUrl } from '../data-url';
import type { FidelityLog } from '../fidelity-report';
import { FormatMismatchError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord, lookup } from '../import-source';
import { importedProfile } from '../imported-profile';
import { TranscriptBuilder } from '../transcript-builder';
import {
  type AssistantPart,
  imagePartFromUrl,
  invalidField,
  LEADING_SYSTEM_MERGED,
  MESSAGE_FIELD_DROPPED,
  MID_CONVERSATION_SYSTEM,
  optionalStringAt,
  REQUEST_SETTING_DROPPED,
  reportUnreadKeys,
  requireRecordAt,
  requireStringAt,
  type ToolOutput,
  type UserPart,
} from './api-body';

const LABEL = 'OpenAI Responses';
const FORMAT = 'openai-responses';

/** Item types that are the conversation itself; anything else in `input` is a hosted tool's record. */
const CONVERSATION_ITEM_TYPES = new Set(['message', 'function_call', 'function_call_output', 'reasoning', 'custom_tool_call', 'custom_tool_call_output']);
const BODY_KEYS_READ = new Set(['model', 'instructions', 'input', 'tools']);
const ITEM_KEYS_READ: Record<string, ReadonlySet<string>> = {
  // `id` and `status` are the API's bookkeeping, not what the model saw.
  message: new Set(['type', 'role', 'content', 'id', 'status']),
  function_call: new Set(['type', 'call_id', 'name', 'arguments', 'id', 'status']),
  custom_tool_call: new Set(['type', 'call_id', 'name', 'input', 'id', 'status']),
  function_call_output: new Set(['type', 'call_id', 'output', 'id', 'status']),
  custom_tool_call_output: new Set(['type', 'call_id', 'output', 'id', 'status']),
  reasoning: new Set(['type', 'summary', 'content', 'encrypted_content', 'id', 'status']),
};

export const openAiResponsesFormat: ImportFormat = {
  id: 'openai-responses',
  label: 'OpenAI Responses (input JSON)',
  detect: detectOpenAiResponses,
  convert: convertOpenAiResponses,
};

function detectOpenAiResponses(source: ImportSource): number {
  if (source.shape !== 'json') return 0;
  const value = source.value;
  if (Array.isArray(value)) return value.length > 0 && value.some(isResponsesItem) ? 1 : 0;
  if (!isRecord(value) || !('input' in value)) return 0;
  if (typeof value.instructions === 'string') return 1;
  if (Array.isArray(value.input) && value.input.some(isResponsesItem)) return 1;
  // `input` is this API's own key, even when what it holds could be written in another format.
  return typeof value.input === 'string' || Array.isArray(value.input) ? 0.9 : 0;
}

function isResponsesItem(item: unknown): boolean {
  if (!isRecord(item)) return false;
  if (typeof item.type === 'string' && CONVERSATION_ITEM_TYPES.has(item.type)) return true;
  return (
    Array.isArray(item.content) &&
    item.content.some((part) => isRecord(part) && (part.type === 'input_text' || part.type === 'output_text' || part.type === 'input_image'))
  );
}

/** The assistant message being built from consecutive assistant-side items. */
interface OpenAssistant {
  parts: AssistantPart[];
  fields: string[];
  /** The first item id among them, kept as the message's id. */
  id: string | undefined;
}

interface ResponsesState {
  builder: TranscriptBuilder;
  log: FidelityLog;
  assistant: OpenAssistant | undefined;
  tool: { content: ToolResultPart[]; fields: string[] } | undefined;
}

function convertOpenAiResponses(source: ImportSource, log: FidelityLog): ConvertedImport {
  if (source.shape !== 'json') throw new FormatMismatchError(LABEL, 'the input is JSON Lines; a Responses request is one JSON document');
  const { items, body } = itemsOf(source.value);
  if (body !== undefined) {
    reportUnreadKeys(body, BODY_KEYS_READ, '', log, REQUEST_SETTING_DROPPED);
    for (const key of ['previous_response_id', 'conversation']) {
      if (body[key] !== undefined && body[key] !== null) {
        log.add(
          'not-stored',
          "earlier turns kept on OpenAI's servers (previous_response_id / conversation) are not in this input; only the items here are imported",
          { field: key },
        );
      }
    }
  }
  const state: ResponsesState = { builder: new TranscriptBuilder(FORMAT, log), log, assistant: undefined, tool: undefined };
  const instructions = optionalStringAt(LABEL, body?.instructions, 'instructions');
  const systemTexts: string[] = instructions === undefined ? [] : [instructions];
  const systemFields: string[] = instructions === undefined ? [] : ['instructions'];

  let leading = true;
  items.forEach((raw, index) => {
    const field = body === undefined ? `[${index}]` : `input[${index}]`;
    const item = requireRecordAt(LABEL, raw, field, 'an input item {type, …}');
    const type = itemTypeOf(item, field);
    const keysRead = type === undefined ? undefined : lookup(ITEM_KEYS_READ, type);
    if (keysRead !== undefined) reportUnreadKeys(item, keysRead, field, log, MESSAGE_FIELD_DROPPED);
    if (leading && type === 'message' && (item.role === 'system' || item.role === 'developer')) {
      systemTexts.push(messageText(item.content, field));
      systemFields.push(field);
      return;
    }
    leading = false;
    convertItem(item, type, field, state);
  });
  flush(state);
  if (systemFields.length > 1) for (const field of systemFields) log.add('merged', LEADING_SYSTEM_MERGED, { field });

  const profile = importedProfile(
    {
      model: optionalStringAt(LABEL, body?.model, 'model'),
      systemInstruction: systemTexts.length === 0 ? undefined : systemTexts.join('\n\n'),
      tools: responsesTools(body, log),
    },
    log,
    LABEL,
    { systemInstruction: body !== undefined, tools: body !== undefined },
  );
  return { transcript: state.builder.finish(profile) };
}

function itemsOf(value: unknown): { items: unknown[]; body: Record<string, unknown> | undefined } {
  if (Array.isArray(value)) return { items: value, body: undefined };
  if (!isRecord(value) || !('input' in value)) {
    throw new FormatMismatchError(LABEL, 'expected a request body with "input" or a list of input items', { field: 'input' });
  }
  // A string input is one user message.
  if (typeof value.input === 'string') return { items: [{ type: 'message', role: 'user', content: value.input }], body: value };
  if (!Array.isArray(value.input)) throw invalidField(LABEL, 'input', value.input, 'expected a string or a list of input items');
  return { items: value.input, body: value };
}

/** An item's type; a `{role, content}` item without one is a message (the API's short form). */
function itemTypeOf(item: Record<string, unknown>, field: string): string | undefined {
  if (item.type === undefined && typeof item.role === 'string') return 'message';
  if (typeof item.type !== 'string') throw invalidField(LABEL, `${field}.type`, item.type, 'expected an item type such as "message" or "function_call"');
  return item.type;
}

function convertItem(item: Record<string, unknown>, type: string | undefined, field: string, state: ResponsesState): void {
  switch (type) {
    case 'message':
      convertMessageItem(item, field, state);
      return;
    case 'function_call':
    case 'custom_tool_call':
      addAssistantParts([toolCallOf(item, type, field, state.log)], field, state, item.id);
      return;
    case 'reasoning':
      convertReasoning(item, field, state);
      return;
    case 'function_call_output':
    case 'custom_tool_call_output':
      addToolResult(item, field, state);
      return;
    default:
      state.log.add('dropped', `"${String(type)}" item dropped: it records a hosted tool, not conversation Fork Lab can replay`, { field });
  }
}

const MESSAGE_ROLES = ['user', 'assistant', 'system', 'developer'];

function convertMessageItem(item: Record<string, unknown>, field: string, state: ResponsesState): void {
  const role = item.role;
  if (typeof role !== 'string' || !MESSAGE_ROLES.includes(role)) {
    throw invalidField(LABEL, `${field}.role`, role, `allowed: ${MESSAGE_ROLES.join(', ')}`);
  }
  if (role === 'assistant') {
    addAssistantParts(assistantParts(item.content, field, state.log), field, state, item.id);
    return;
  }
  flush(state);
  if (role === 'user') {
    state.builder.push({ role: 'user', content: userContent(item.content, field, state.log) }, itemOptions(item, field));
  } else {
    state.log.add('flagged', MID_CONVERSATION_SYSTEM, { field });
    state.builder.push({ role: 'system', content: messageText(item.content, field) }, itemOptions(item, field));
  }
}

function itemOptions(item: Record<string, unknown>, field: string): { id?: string; field: string } {
  return typeof item.id === 'string' ? { id: item.id, field } : { field };
}

/** A system or developer message's text: a string or input_text parts. */
function messageText(content: unknown, field: string): string {
  if (typeof content === 'string') return content;
  const texts = Array.isArray(content) ? content.map((part) => (isRecord(part) && isTextType(part.type) ? part.text : undefined)) : [];
  if (!Array.isArray(content) || texts.some((text) => typeof text !== 'string')) {
    throw invalidField(LABEL, `${field}.content`, content, 'a system or developer message holds a string or input_text parts');
  }
  return texts.join('\n');
}

function isTextType(type: unknown): boolean {
  return type === 'input_text' || type === 'output_text' || type === 'text';
}

function userContent(content: unknown, field: string, log: FidelityLog): UserModelMessage['content'] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw invalidField(LABEL, `${field}.content`, content, 'a message holds a string or a list of content parts');
  return content.flatMap((raw, index): UserPart[] => {
    const partField = `${field}.content[${index}]`;
    const part = requireRecordAt(LABEL, raw, partField, 'a content part {type, …}');
    if (isTextType(part.type)) return [{ type: 'text', text: requireStringAt(LABEL, part.text, `${partField}.text`) }];
    if (part.type === 'input_image') return inputImage(part, partField, log);
    if (part.type === 'input_file') return inputFile(part, partField, log);
    log.add('dropped', 'content part of a type Fork Lab does not map dropped', { field: partField });
    return [];
  });
}

const OPENAI_FILE_ID_DROPPED = "content given only by an OpenAI file id dropped: the file itself is on OpenAI's servers, not in this input";

function inputImage(part: Record<string, unknown>, field: string, log: FidelityLog): UserPart[] {
  const url = optionalStringAt(LABEL, part.image_url, `${field}.image_url`);
  if (url === undefined) {
    log.add('dropped', OPENAI_FILE_ID_DROPPED, { field });
    return [];
  }
  const detail = optionalStringAt(LABEL, part.detail, `${field}.detail`);
  return [imagePartFromUrl(url, detail === undefined ? undefined : { openai: { imageDetail: detail } })];
}

function inputFile(part: Record<string, unknown>, field: string, log: FidelityLog): UserPart[] {
  const filename = optionalStringAt(LABEL, part.filename, `${field}.filename`);
  const named = filename === undefined ? {} : { filename };
  const fileData = optionalStringAt(LABEL, part.file_data, `${field}.file_data`);
  const fileUrl = optionalStringAt(LABEL, part.file_url, `${field}.file_url`);
  if (fileData !== undefined) {
    const inline = splitDataUrl(fileData);
    if (inline !== undefined) return [{ type: 'file', data: inline.data, mediaType: inline.mediaType, ...named }];
    log.add('guessed', 'file data has no media type; read as a PDF', { field: `${field}.file_data` });
    return [{ type: 'file', data: fileData, mediaType: 'application/pdf', ...named }];
  }
  if (fileUrl !== undefined) {
    log.add('guessed', 'file URL has no media type; read as a PDF', { field: `${field}.file_url` });
    return [{ type: 'file', data: fileUrl, mediaType: 'application/pdf', ...named }];
  }
  log.add('dropped', OPENAI_FILE_ID_DROPPED, { field });
  return [];
}

function assistantParts(content: unknown, field: string, log: FidelityLog): AssistantPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw invalidField(LABEL, `${field}.content`, content, 'a message holds a string or a list of content parts');
  return content.flatMap((raw, index): AssistantPart[] => {
    const partField = `${field}.content[${index}]`;
    const part = requireRecordAt(LABEL, raw, partField, 'a content part {type, …}');
    if (isTextType(part.type)) {
      if (Array.isArray(part.annotations) && part.annotations.length > 0) {
        log.add('dropped', 'output_text annotations (citations) dropped: a text part has no place for them', { field: `${partField}.annotations` });
      }
      return [{ type: 'text', text: requireStringAt(LABEL, part.text, `${partField}.text`) }];
    }
    if (part.type === 'refusal') {
      log.add('merged', 'assistant refusal kept as text: a ModelMessage has no refusal field', { field: partField });
      return [{ type: 'text', text: requireStringAt(LABEL, part.refusal, `${partField}.refusal`) }];
    }
    log.add('dropped', 'content part of a type Fork Lab does not map dropped', { field: partField });
    return [];
  });
}

function toolCallOf(item: Record<string, unknown>, type: string, field: string, log: FidelityLog): AssistantPart {
  const toolCallId = requireStringAt(LABEL, item.call_id, `${field}.call_id`, "expected the call's id");
  const toolName = requireStringAt(LABEL, item.name, `${field}.name`, "expected the tool's name");
  if (type === 'custom_tool_call') {
    // A custom tool takes free-form text: the text is its whole input.
    return { type: 'tool-call', toolCallId, toolName, input: requireStringAt(LABEL, item.input, `${field}.input`) };
  }
  const { input } = parseToolArguments(item.arguments, log, { field: `${field}.arguments` });
  return { type: 'tool-call', toolCallId, toolName, input };
}

function convertReasoning(item: Record<string, unknown>, field: string, state: ResponsesState): void {
  if (typeof item.encrypted_content === 'string' && item.encrypted_content !== '') {
    state.log.add('dropped', 'encrypted reasoning dropped: only OpenAI can read it, and only for the same model', { field: `${field}.encrypted_content` });
  }
  // The summary is what a person can read; raw reasoning text (open models) stands in when there is none.
  const texts = [...reasoningTexts(item.summary, `${field}.summary`)];
  if (texts.length === 0) texts.push(...reasoningTexts(item.content, `${field}.content`));
  if (texts.length === 0) {
    state.log.add('dropped', 'reasoning item with no readable text dropped', { field });
    return;
  }
  addAssistantParts(
    texts.map((text) => ({ type: 'reasoning', text })),
    field,
    state,
    item.id,
  );
}

function reasoningTexts(raw: unknown, field: string): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidField(LABEL, field, raw, 'expected a list of {type, text}');
  return raw.map((entry, index) => requireStringAt(LABEL, isRecord(entry) ? entry.text : entry, `${field}[${index}].text`));
}

/** Assistant-side items that follow each other are one model turn: one assistant message. */
function addAssistantParts(parts: AssistantPart[], field: string, state: ResponsesState, id: unknown): void {
  if (state.tool !== undefined) flush(state);
  if (state.assistant === undefined) state.assistant = { parts: [], fields: [], id: undefined };
  state.assistant.parts.push(...parts);
  state.assistant.fields.push(field);
  if (state.assistant.id === undefined && typeof id === 'string' && id !== '') state.assistant.id = id;
}

function addToolResult(item: Record<string, unknown>, field: string, state: ResponsesState): void {
  if (state.assistant !== undefined) flush(state);
  const toolCallId = requireStringAt(LABEL, item.call_id, `${field}.call_id`, 'expected the id of the call it answers');
  const result: ToolResultPart = { type: 'tool-result', toolCallId, toolName: '', output: toolOutput(item.output, `${field}.output`, state.log) };
  if (state.tool === undefined) state.tool = { content: [], fields: [] };
  state.tool.content.push(result);
  state.tool.fields.push(field);
}

/** Close the assistant or tool message being built, reporting the items it joined. */
function flush(state: ResponsesState): void {
  const { assistant, tool } = state;
  if (assistant !== undefined) {
    if (assistant.fields.length > 1) {
      for (const field of assistant.fields) {
        state.log.add('merged', 'consecutive assistant-side items (message, reasoning, function calls) joined into one assistant message', { field });
      }
    }
    const content: AssistantModelMessage['content'] = assistant.parts;
    state.builder.push({ role: 'assistant', content }, { field: assistant.fields[0], ...(assistant.id === undefined ? {} : { id: assistant.id }) });
  }
  if (tool !== undefined) {
    if (tool.fields.length > 1) {
      for (const field of tool.fields) {
        state.log.add('merged', 'consecutive function_call_output items joined into one tool message (one per assistant step)', { field });
      }
    }
    state.builder.push({ role: 'tool', content: tool.content }, { field: tool.fields[0] });
  }
  state.assistant = undefined;
  state.tool = undefined;
}

/** A call's output: a string stays text; a list of content parts becomes a content output. */
function toolOutput(raw: unknown, field: string, log: FidelityLog): ToolOutput {
  if (typeof raw === 'string') return { type: 'text', value: raw };
  if (!Array.isArray(raw)) throw invalidField(LABEL, field, raw, 'expected a string or a list of input_text/input_image/input_file parts');
  type ContentItem = Extract<ToolOutput, { type: 'content' }>['value'][number];
  const value = raw.flatMap((entry, index): ContentItem[] => {
    const partField = `${field}[${index}]`;
    const part = requireRecordAt(LABEL, entry, partField, 'a content part {type, …}');
    if (isTextType(part.type)) return [{ type: 'text', text: requireStringAt(LABEL, part.text, `${partField}.text`) }];
    const url = typeof part.image_url === 'string' ? part.image_url : typeof part.file_data === 'string' ? part.file_data : undefined;
    const inline = url === undefined ? undefined : splitDataUrl(url);
    if (part.type === 'input_image' && url !== undefined) {
      return [inline === undefined ? { type: 'image-url', url } : { type: 'image-data', data: inline.data, mediaType: inline.mediaType }];
    }
    if (part.type === 'input_file' && inline !== undefined) {
      const filename = optionalStringAt(LABEL, part.filename, `${partField}.filename`);
      return [{ type: 'file-data', data: inline.data, mediaType: inline.mediaType, ...(filename === undefined ? {} : { filename }) }];
    }
    log.add('dropped', 'tool output part Fork Lab cannot carry dropped (a file id, or a type it does not map)', { field: partField });
    return [];
  });
  return { type: 'content', value };
}

const TOOL_FIELD_DROPPED = 'tool declaration field not carried over: a tool is declared by name, description and input schema';

function responsesTools(body: Record<string, unknown> | undefined, log: FidelityLog): ToolDeclaration[] | undefined {
  if (body === undefined || body.tools === undefined) return undefined;
  if (!Array.isArray(body.tools)) throw invalidField(LABEL, 'tools', body.tools, 'expected a list of tool declarations');
  return body.tools.flatMap((raw, index): ToolDeclaration[] => {
    const field = `tools[${index}]`;
    const tool = requireRecordAt(LABEL, raw, field, 'a tool declaration');
    if (tool.type !== 'function' && tool.type !== 'custom') {
      log.add('dropped', 'hosted tool (web search, file search, …) dropped: Fork Lab declares function tools only', { field });
      return [];
    }
    reportUnreadKeys(tool, new Set(['type', 'name', 'description', 'parameters']), field, log, TOOL_FIELD_DROPPED);
    const name = requireStringAt(LABEL, tool.name, `${field}.name`, "expected the tool's name");
    if (name === '') throw invalidField(LABEL, `${field}.name`, name, 'a tool needs a non-empty name');
    const description = optionalStringAt(LABEL, tool.description, `${field}.description`);
    const parameters = tool.parameters;
    if (parameters !== undefined && parameters !== null && !isRecord(parameters)) {
      throw invalidField(LABEL, `${field}.parameters`, parameters, 'expected a JSON Schema object');
    }
    return [{ name, ...(description === undefined ? {} : { description }), ...(isRecord(parameters) ? { inputSchema: parameters } : {}) }];
  });
}
