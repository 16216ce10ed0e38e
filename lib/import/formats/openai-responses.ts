import type { ToolResultPart } from 'ai';
import type { ToolDeclaration } from '@/lib/fork';
import type { FidelityLog } from '../fidelity-report';
import { FormatMismatchError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { IMPORT_FORMAT_LABELS } from '../import-format-choices';
import { type ImportSource, isRecord, lookup } from '../import-source';
import { TranscriptBuilder } from '../transcript-builder';
import {
  type AssistantPart,
  invalidField,
  joinField,
  MESSAGE_FIELD_DROPPED,
  optionalStringAt,
  REQUEST_SETTING_DROPPED,
  reportUnreadKeys,
  requireRecordAt,
} from './api-body';
import { LeadingSystem } from './leading-system';
import { requestBodyProfile } from './request-body-profile';
import {
  ASSISTANT_ITEMS_MERGED,
  type ConvertedItem,
  convertResponsesItem,
  ENCRYPTED_REASONING,
  ITEM_KEYS_READ,
  type ItemContext,
  MESSAGE_ROLES,
  responsesItemType,
  systemMessageOf,
  TOOL_OUTPUTS_MERGED,
} from './responses-items';
import { TOOL_FIELD_DROPPED, toolDeclarationOf, toolNameAt } from './tool-declaration';
import { unknownRoles } from './unknown-role';

const LABEL = 'OpenAI Responses';
const FORMAT = 'openai-responses';

const BODY_KEYS_READ = new Set(['model', 'instructions', 'input', 'tools']);

export const openAiResponsesFormat: ImportFormat = {
  id: 'openai-responses',
  label: IMPORT_FORMAT_LABELS['openai-responses'],
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
  if (typeof item.type === 'string' && lookup(ITEM_KEYS_READ, item.type) !== undefined) return true;
  return (
    Array.isArray(item.content) &&
    item.content.some((part) => isRecord(part) && (part.type === 'input_text' || part.type === 'output_text' || part.type === 'input_image'))
  );
}

/** The assistant or tool message being built from consecutive items of one side. */
interface OpenMessage<P> {
  parts: P[];
  fields: string[];
  /** The id of the item that opened it, kept as the message's id. */
  id: string | undefined;
}

interface ResponsesState {
  builder: TranscriptBuilder;
  log: FidelityLog;
  assistant: OpenMessage<AssistantPart> | undefined;
  tool: OpenMessage<ToolResultPart> | undefined;
}

/** A body's findings and refusals name the item's field (`input[3].content[0]`). */
function itemContext(log: FidelityLog, field: string): ItemContext {
  return {
    log,
    place: (key) => ({ field: key === undefined ? field : joinField(field, key) }),
    invalid: (_type, key, value, expected) => invalidField(LABEL, joinField(field, key), value, expected),
    droppedItem: (type, why) => `"${type}" item dropped: ${why}`,
    encryptedReasoning: `encrypted reasoning dropped: ${ENCRYPTED_REASONING}`,
  };
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
  const system = new LeadingSystem();
  const instructions = optionalStringAt(LABEL, body?.instructions, 'instructions');
  if (instructions !== undefined) system.add(instructions, 'instructions');
  const otherRoles = unknownRoles(items, MESSAGE_ROLES, LABEL, log);
  items.forEach((raw, index) => {
    const field = body === undefined ? `[${index}]` : `input[${index}]`;
    const item = requireRecordAt(LABEL, raw, field, 'an input item {type, …}');
    const ctx = itemContext(log, field);
    const type = responsesItemType(item, ctx);
    if (type === 'message' && otherRoles.drops(item, field)) return;
    const keysRead = lookup(ITEM_KEYS_READ, type);
    if (keysRead !== undefined) reportUnreadKeys(item, keysRead, field, log, MESSAGE_FIELD_DROPPED);
    const converted = convertResponsesItem(item, ctx);
    if (system.leads(type === 'message' && (item.role === 'system' || item.role === 'developer'))) {
      if (converted.role === 'system') system.add(converted.text, field);
      return;
    }
    place(converted, ctx, field, state);
  });
  flush(state);
  const profile = requestBodyProfile(LABEL, body, log, {
    systemInstruction: () => system.instruction(log),
    tools: () => responsesTools(body, log),
    holdsSystemInstruction: body !== undefined,
  });
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

/** Assistant-side items that follow each other are one model turn, outputs that follow each other one tool message. */
function place(converted: ConvertedItem, ctx: ItemContext, field: string, state: ResponsesState): void {
  switch (converted.role) {
    case 'assistant':
      if (state.tool !== undefined) flush(state);
      state.assistant = extend(state.assistant, converted.parts, field, converted.id);
      return;
    case 'tool':
      if (state.assistant !== undefined) flush(state);
      state.tool = extend(state.tool, [converted.part], field, converted.id);
      return;
    case 'user':
      flush(state);
      state.builder.push({ role: 'user', content: converted.content }, { field, id: converted.id });
      return;
    case 'system':
      flush(state);
      state.builder.push(systemMessageOf(converted, ctx, true), { field, id: converted.id });
      return;
    case 'none':
      if (converted.endsResponse) flush(state);
  }
}

function extend<P>(open: OpenMessage<P> | undefined, parts: P[], field: string, id: string | undefined): OpenMessage<P> {
  const message = open ?? { parts: [], fields: [], id };
  message.parts.push(...parts);
  message.fields.push(field);
  return message;
}

/** Close the assistant or tool message being built, reporting the items it joined. */
function flush(state: ResponsesState): void {
  const { assistant, tool } = state;
  if (assistant !== undefined) {
    if (assistant.fields.length > 1) for (const field of assistant.fields) state.log.add('merged', ASSISTANT_ITEMS_MERGED, { field });
    state.builder.push({ role: 'assistant', content: assistant.parts }, { field: assistant.fields[0], id: assistant.id });
  }
  if (tool !== undefined) {
    if (tool.fields.length > 1) for (const field of tool.fields) state.log.add('merged', TOOL_OUTPUTS_MERGED, { field });
    state.builder.push({ role: 'tool', content: tool.parts }, { field: tool.fields[0], id: tool.id });
  }
  state.assistant = undefined;
  state.tool = undefined;
}

/**
 * A Responses `namespace` tool (Codex 0.169 declares its multi-agent tools in one, `collaboration`):
 * its function tools, each declared under its own name with the namespace beside it.
 */
function namespaceTools(tool: Record<string, unknown>, field: string, log: FidelityLog): ToolDeclaration[] {
  const namespace = toolNameAt(LABEL, tool.name, `${field}.name`);
  if (!Array.isArray(tool.tools)) throw invalidField(LABEL, `${field}.tools`, tool.tools, 'a namespace tool holds a list of tools');
  reportUnreadKeys(tool, new Set(['type', 'name', 'description', 'tools']), field, log, TOOL_FIELD_DROPPED);
  return tool.tools.flatMap((raw, index): ToolDeclaration[] => {
    const inner = `${field}.tools[${index}]`;
    const member = requireRecordAt(LABEL, raw, inner, 'a tool declaration');
    if (member.type !== 'function') {
      log.add('dropped', 'a namespace member that is not a function tool dropped: Fork Lab declares function tools only', { field: inner });
      return [];
    }
    reportUnreadKeys(member, new Set(['type', 'name', 'description', 'parameters']), inner, log, TOOL_FIELD_DROPPED);
    return [{ ...toolDeclarationOf(LABEL, member, inner, 'parameters'), namespace }];
  });
}

function responsesTools(body: Record<string, unknown> | undefined, log: FidelityLog): ToolDeclaration[] | undefined {
  if (body === undefined || body.tools === undefined) return undefined;
  if (!Array.isArray(body.tools)) throw invalidField(LABEL, 'tools', body.tools, 'expected a list of tool declarations');
  return body.tools.flatMap((raw, index): ToolDeclaration[] => {
    const field = `tools[${index}]`;
    const tool = requireRecordAt(LABEL, raw, field, 'a tool declaration');
    if (tool.type === 'namespace') return namespaceTools(tool, field, log);
    if (tool.type !== 'function' && tool.type !== 'custom') {
      log.add('dropped', 'hosted tool (web search, file search, …) dropped: Fork Lab declares function tools only', { field });
      return [];
    }
    reportUnreadKeys(tool, new Set(['type', 'name', 'description', 'parameters']), field, log, TOOL_FIELD_DROPPED);
    return [toolDeclarationOf(LABEL, tool, field, 'parameters')];
  });
}
