import type { AssistantModelMessage, ModelMessage, ToolResultPart, UserModelMessage } from 'ai';
import { modelMessageSchema } from '@/lib/fork';
import { toolOutputOf } from '../content-mapping';
import type { FidelityLog } from '../fidelity-report';
import { InvalidContentError } from '../import-errors';
import type { ConvertedImport } from '../import-format';
import { isRecord } from '../import-source';
import { importedProfile } from '../imported-profile';
import { TranscriptBuilder } from '../transcript-builder';
import {
  type AssistantPart,
  invalidField,
  MESSAGE_FIELD_DROPPED,
  type MessageList,
  MID_CONVERSATION_SYSTEM,
  optionalStringAt,
  reportUnreadKeys,
  requireRecordAt,
  requireStringAt,
  type UserPart,
} from './api-body';
import { LeadingSystem } from './leading-system';
import { messageListFormat } from './message-list-format';
import { sharedChatShapeScore } from './shared-chat-shape';
import { messagesWithChatRoles, unknownRoles } from './unknown-role';

type ProviderOptions = NonNullable<ModelMessage['providerOptions']>;

/** `{messages, system?}` is how the AI SDK's generateText/streamText take a conversation. */
const WRAPPER_KEYS_READ = new Set(['messages', 'system']);

// ---------------------------------------------------------------------------------------------
// ModelMessage[]
// ---------------------------------------------------------------------------------------------

const MODEL_LABEL = 'AI SDK ModelMessage[]';
const MODEL_FORMAT = 'ai-sdk-model-messages';
const MODEL_MESSAGE_KEYS = new Set(['role', 'content', 'providerOptions']);
const MODEL_ROLES = new Set(['system', 'user', 'assistant', 'tool']);
const MODEL_MARKER_PART_TYPES = new Set(['tool-call', 'tool-result', 'reasoning', 'tool-approval-request', 'tool-approval-response']);

const MODEL_MESSAGE_SHAPE =
  'a ModelMessage is {role: "system", content: string}, {role: "user", content: string or text/image/file parts}, ' +
  '{role: "assistant", content: string or text/file/reasoning/tool-call/tool-result parts} or {role: "tool", content: tool-result parts}, ' +
  'with no other keys than providerOptions';

function detectModelMessages(list: MessageList): number {
  if (list.body !== undefined && 'input' in list.body) return 0;
  // Any key a ModelMessage cannot have (an id, parts, tool_calls) makes it another format.
  const fits = messagesWithChatRoles(list.messages).every(
    (message) =>
      isRecord(message) &&
      typeof message.role === 'string' &&
      MODEL_ROLES.has(message.role) &&
      Object.keys(message).every((key) => MODEL_MESSAGE_KEYS.has(key)),
  );
  if (!fits) return 0;
  if (list.messages.some(hasModelMessageMarker)) return 1;
  return sharedChatShapeScore(list.messages, ['system', 'user', 'assistant']);
}

function hasModelMessageMarker(message: unknown): boolean {
  if (!isRecord(message)) return false;
  if (message.providerOptions !== undefined || (message.role === 'tool' && Array.isArray(message.content))) return true;
  if (!Array.isArray(message.content)) return false;
  return message.content.some(
    (part) =>
      isRecord(part) &&
      ((typeof part.type === 'string' && MODEL_MARKER_PART_TYPES.has(part.type)) ||
        (part.type === 'image' && 'image' in part) ||
        (part.type === 'file' && 'data' in part && 'mediaType' in part) ||
        'providerOptions' in part),
  );
}

function convertModelMessages({ messages, body }: MessageList, log: FidelityLog): ConvertedImport {
  const builder = new TranscriptBuilder(MODEL_FORMAT, log);
  const system = leadingSystem(body, MODEL_LABEL);
  const otherRoles = unknownRoles(messages, [...MODEL_ROLES], MODEL_LABEL, log);
  messages.forEach((raw, index) => {
    const field = `messages[${index}]`;
    if (otherRoles.drops(raw, field)) return;
    const message = parseModelMessage(raw, field);
    // The second test only narrows the type: a system message's content is its text.
    if (system.leads(message.role === 'system') && message.role === 'system') {
      system.add(message.content, field);
      return;
    }
    if (message.role === 'system') log.add('flagged', MID_CONVERSATION_SYSTEM, { field });
    builder.push(message, { field });
  });
  return { transcript: builder.finish(profileOf(system, log, MODEL_LABEL)) };
}

/** A message checked against the engine's own schema, or an error naming the bad field. */
function parseModelMessage(raw: unknown, field: string): ModelMessage {
  const result = modelMessageSchema.safeParse(raw);
  if (result.success) return result.data as ModelMessage;
  const issue = deepestIssue(result.error.issues[0]!);
  const place = issue.path.reduce<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${String(key)}`), field);
  throw new InvalidContentError(`${MODEL_LABEL}: ${place}: ${issue.message}; ${MODEL_MESSAGE_SHAPE}.`, { field: place });
}

interface SchemaIssue {
  path: PropertyKey[];
  message: string;
  code?: string;
  errors?: SchemaIssue[][];
}

/**
 * A union's own issue only says "Invalid input" at the union; the branch that got furthest names
 * the part that is wrong (`content[0].type` rather than `content`).
 */
function deepestIssue(issue: SchemaIssue): SchemaIssue {
  if (issue.code !== 'invalid_union' || issue.errors === undefined) return issue;
  let deepest = issue;
  for (const branch of issue.errors) {
    for (const inner of branch) {
      const candidate = deepestIssue({ ...inner, path: [...issue.path, ...inner.path] });
      if (candidate.path.length > deepest.path.length) deepest = candidate;
    }
  }
  return deepest;
}

/** A wrapper's `system` option comes first, as the AI SDK sends it. */
function leadingSystem(body: Record<string, unknown> | undefined, label: string): LeadingSystem {
  const system = new LeadingSystem();
  const option = optionalStringAt(label, body?.system, 'system');
  if (option !== undefined) system.add(option, 'system');
  return system;
}

function profileOf(system: LeadingSystem, log: FidelityLog, label: string) {
  // System messages are part of the message list in both AI SDK shapes.
  return importedProfile({ systemInstruction: system.instruction(log) }, log, label, { systemInstruction: true });
}

export const aiSdkModelMessagesFormat = messageListFormat('ai-sdk-model-messages', MODEL_LABEL, {
  bodyKeysRead: WRAPPER_KEYS_READ,
  detect: detectModelMessages,
  convert: convertModelMessages,
});

// ---------------------------------------------------------------------------------------------
// UIMessage[]
// ---------------------------------------------------------------------------------------------

const UI_LABEL = 'AI SDK UIMessage[]';
const UI_FORMAT = 'ai-sdk-ui-messages';
const UI_ROLES = ['system', 'user', 'assistant'];
const UI_MESSAGE_KEYS_READ = new Set(['id', 'role', 'parts']);
const UI_PART_DROPPED = 'UI part with no ModelMessage form (sources, data parts) dropped, as convertToModelMessages does';

function detectUiMessages(list: MessageList): number {
  const messages = messagesWithChatRoles(list.messages);
  const shaped = messages.every(
    (message) =>
      isRecord(message) &&
      typeof message.role === 'string' &&
      UI_ROLES.includes(message.role) &&
      Array.isArray(message.parts) &&
      // Typed parts: Gemini's `{role, parts: [{text}]}` has none.
      message.parts.every((part) => isRecord(part) && typeof part.type === 'string'),
  );
  if (!shaped) return 0;
  return messages.every((message) => isRecord(message) && typeof message.id === 'string') ? 1 : 0.9;
}

interface UiContext {
  builder: TranscriptBuilder;
  log: FidelityLog;
}

function convertUiMessages({ messages, body }: MessageList, log: FidelityLog): ConvertedImport {
  const context: UiContext = { builder: new TranscriptBuilder(UI_FORMAT, log), log };
  const system = leadingSystem(body, UI_LABEL);
  const otherRoles = unknownRoles(messages, UI_ROLES, UI_LABEL, log);
  messages.forEach((raw, index) => {
    const field = `messages[${index}]`;
    const message = requireRecordAt(UI_LABEL, raw, field, 'a UIMessage {id, role, parts}');
    if (otherRoles.drops(message, field)) return;
    const role = message.role;
    if (typeof role !== 'string' || !UI_ROLES.includes(role)) throw invalidField(UI_LABEL, `${field}.role`, role, `allowed: ${UI_ROLES.join(', ')}`);
    if (!Array.isArray(message.parts)) throw invalidField(UI_LABEL, `${field}.parts`, message.parts, 'expected a list of parts');
    reportUnreadKeys(message, UI_MESSAGE_KEYS_READ, field, log, MESSAGE_FIELD_DROPPED);
    const id = optionalStringAt(UI_LABEL, message.id, `${field}.id`) || undefined;
    const parts = message.parts.map((part, partIndex) => requireRecordAt(UI_LABEL, part, `${field}.parts[${partIndex}]`, 'a part {type, …}'));

    if (system.leads(role === 'system')) {
      system.add(uiSystemText(parts, field, log), field);
      return;
    }
    if (role === 'user') context.builder.push({ role: 'user', content: uiUserParts(parts, field, log) }, { id, field });
    else if (role === 'assistant') convertUiAssistant(parts, id, field, context);
    else {
      const text = uiSystemText(parts, field, log);
      log.add('flagged', MID_CONVERSATION_SYSTEM, { field });
      context.builder.push({ role: 'system', content: text }, { id, field });
    }
  });
  return { transcript: context.builder.finish(profileOf(system, log, UI_LABEL)) };
}

/** A system UIMessage's text parts, joined as convertToModelMessages joins them. */
function uiSystemText(parts: Record<string, unknown>[], field: string, log: FidelityLog): string {
  return parts
    .flatMap((part, index) => {
      const partField = `${field}.parts[${index}]`;
      if (part.type === 'text') return [requireStringAt(UI_LABEL, part.text, `${partField}.text`)];
      log.add('dropped', 'non-text part of a system UIMessage dropped, as convertToModelMessages does', { field: partField });
      return [];
    })
    .join('');
}

function uiUserParts(parts: Record<string, unknown>[], field: string, log: FidelityLog): UserModelMessage['content'] {
  return parts.flatMap((part, index): UserPart[] => {
    const partField = `${field}.parts[${index}]`;
    if (part.type === 'text') return [uiTextPart(part, partField, log)];
    if (part.type === 'file') return [uiFilePart(part, partField)];
    logUnmappedPart(part, partField, log);
    return [];
  });
}

function logUnmappedPart(part: Record<string, unknown>, field: string, log: FidelityLog): void {
  const type = String(part.type);
  if (type === 'source-url' || type === 'source-document' || type.startsWith('data-')) log.add('dropped', UI_PART_DROPPED, { field });
  else log.add('dropped', 'UI part of a type Fork Lab does not map dropped', { field });
}

const STILL_STREAMING = 'part was still streaming when the messages were saved; kept as far as it got';

function uiTextPart(part: Record<string, unknown>, field: string, log: FidelityLog): { type: 'text'; text: string; providerOptions?: ProviderOptions } {
  if (part.state === 'streaming') log.add('flagged', STILL_STREAMING, { field });
  return {
    type: 'text',
    text: requireStringAt(UI_LABEL, part.text, `${field}.text`),
    ...providerOptionsField(part.providerMetadata, `${field}.providerMetadata`),
  };
}

function uiFilePart(part: Record<string, unknown>, field: string): Extract<UserPart, { type: 'file' }> {
  const filename = optionalStringAt(UI_LABEL, part.filename, `${field}.filename`);
  return {
    type: 'file',
    data: requireStringAt(UI_LABEL, part.url, `${field}.url`, 'expected the file URL or data URL'),
    mediaType: requireStringAt(UI_LABEL, part.mediaType, `${field}.mediaType`, 'expected a media type such as "image/png"'),
    ...(filename === undefined ? {} : { filename }),
    ...providerOptionsField(part.providerMetadata, `${field}.providerMetadata`),
  };
}

/** UI provider metadata is what the model call takes back as provider options. */
function providerOptionsField(raw: unknown, field: string): { providerOptions?: ProviderOptions } {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw) || !Object.values(raw).every(isRecord)) {
    throw invalidField(UI_LABEL, field, raw, 'expected an object of provider name → options object');
  }
  return { providerOptions: raw as ProviderOptions };
}

/**
 * An assistant UIMessage: `step-start` parts split it into steps, each an assistant message
 * followed by a tool message with that step's results, as convertToModelMessages does.
 */
function convertUiAssistant(parts: Record<string, unknown>[], id: string | undefined, field: string, context: UiContext): void {
  let step: { part: Record<string, unknown>; field: string }[] = [];
  let stepCount = 0;
  const emit = (): void => {
    if (step.length === 0) return;
    const stepId = id === undefined ? undefined : stepCount === 0 ? id : `${id}#step${stepCount + 1}`;
    emitStep(step, stepId, step[0]!.field, context);
    stepCount++;
    step = [];
  };
  parts.forEach((part, index) => {
    if (part.type === 'step-start') emit();
    else step.push({ part, field: `${field}.parts[${index}]` });
  });
  emit();
}

function emitStep(step: readonly { part: Record<string, unknown>; field: string }[], id: string | undefined, field: string, { builder, log }: UiContext): void {
  const content: AssistantPart[] = [];
  const results: ToolResultPart[] = [];
  for (const { part, field: partField } of step) {
    const type = String(part.type);
    if (type === 'text') content.push(uiTextPart(part, partField, log));
    else if (type === 'reasoning') content.push(uiReasoningPart(part, partField, log));
    else if (type === 'file') content.push(uiFilePart(part, partField));
    else if (type === 'dynamic-tool' || type.startsWith('tool-')) {
      const { call, result } = uiToolPart(part, partField, log);
      content.push(call);
      // A provider-executed tool's result is part of the model's own message.
      if (result !== undefined && call.providerExecuted === true) content.push(result);
      else if (result !== undefined) results.push(result);
    } else logUnmappedPart(part, partField, log);
  }
  if (content.length > 0) {
    const message: AssistantModelMessage = { role: 'assistant', content };
    builder.push(message, { id, field });
  }
  if (results.length > 0) builder.push({ role: 'tool', content: results }, { id: id === undefined ? undefined : `${id}#results`, field });
}

function uiReasoningPart(part: Record<string, unknown>, field: string, log: FidelityLog): AssistantPart {
  if (part.state === 'streaming') log.add('flagged', STILL_STREAMING, { field });
  return {
    type: 'reasoning',
    text: requireStringAt(UI_LABEL, part.text, `${field}.text`),
    ...providerOptionsField(part.providerMetadata, `${field}.providerMetadata`),
  };
}

type ToolCallPart = Extract<AssistantPart, { type: 'tool-call' }>;
const TOOL_STATES = ['input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'output-available', 'output-error', 'output-denied'];

/** A tool UI part: the call, and its result when the state says there is one. */
function uiToolPart(part: Record<string, unknown>, field: string, log: FidelityLog): { call: ToolCallPart; result?: ToolResultPart } {
  const type = String(part.type);
  const toolName =
    type === 'dynamic-tool' ? requireStringAt(UI_LABEL, part.toolName, `${field}.toolName`, "expected the tool's name") : type.slice('tool-'.length);
  if (toolName === '') throw invalidField(UI_LABEL, `${field}.type`, type, 'a tool part is "tool-<name>" or "dynamic-tool"');
  const toolCallId = requireStringAt(UI_LABEL, part.toolCallId, `${field}.toolCallId`, "expected the call's id");
  const state = part.state;
  if (typeof state !== 'string' || !TOOL_STATES.includes(state)) throw invalidField(UI_LABEL, `${field}.state`, state, `allowed: ${TOOL_STATES.join(', ')}`);
  if (state === 'input-streaming') log.add('flagged', 'tool call was still streaming its input when saved; kept, unanswered, with the input it had', { field });
  if (state.startsWith('approval-')) log.add('dropped', 'tool approval request/response dropped: the call is kept, unanswered', { field: `${field}.approval` });

  // A failed call may only have the raw input the model wrote.
  const input = part.input ?? (state === 'output-error' ? part.rawInput : undefined) ?? {};
  const call: ToolCallPart = {
    type: 'tool-call',
    toolCallId,
    toolName,
    input,
    ...(part.providerExecuted === true ? { providerExecuted: true } : {}),
    ...providerOptionsField(part.callProviderMetadata, `${field}.callProviderMetadata`),
  };
  const output = uiToolOutput(part, state, field);
  return output === undefined ? { call } : { call, result: { type: 'tool-result', toolCallId, toolName, output } };
}

function uiToolOutput(part: Record<string, unknown>, state: string, field: string): ToolResultPart['output'] | undefined {
  if (state === 'output-available') return toolOutputOf(part.output);
  if (state === 'output-error') {
    return { type: 'error-text', value: requireStringAt(UI_LABEL, part.errorText, `${field}.errorText`, 'expected the error text') };
  }
  if (state === 'output-denied') {
    // convertToModelMessages' wording for a denial without a reason.
    const reason = isRecord(part.approval) && typeof part.approval.reason === 'string' ? part.approval.reason : 'Tool call execution denied.';
    return { type: 'error-text', value: reason };
  }
  return undefined;
}

export const aiSdkUiMessagesFormat = messageListFormat('ai-sdk-ui-messages', UI_LABEL, {
  bodyKeysRead: WRAPPER_KEYS_READ,
  detect: detectUiMessages,
  convert: convertUiMessages,
});
