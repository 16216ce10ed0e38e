import type { AssistantModelMessage, ToolResultPart, UserModelMessage } from 'ai';
import type { ToolDeclaration } from '@/lib/fork';
import type { FidelityLog } from '../fidelity-report';
import type { ConvertedImport } from '../import-format';
import { isRecord } from '../import-source';
import { TranscriptBuilder } from '../transcript-builder';
import { assistantBlock, reportBlockKeys, toolResultOf, userBlock } from './anthropic-blocks';
import { invalidField, MESSAGE_FIELD_DROPPED, type MessageList, reportUnreadKeys, requireRecordAt, requireStringAt, type UserPart } from './api-body';
import { messageListFormat } from './message-list-format';
import { requestBodyProfile } from './request-body-profile';
import { sharedChatShapeScore } from './shared-chat-shape';
import { TOOL_FIELD_DROPPED, toolDeclarationOf, toolNameAt } from './tool-declaration';
import { messagesWithChatRoles, unknownRoles } from './unknown-role';

const LABEL = 'Anthropic Messages';
const FORMAT = 'anthropic-messages';
const BODY_KEYS_READ = new Set(['model', 'system', 'messages', 'tools']);
const MESSAGE_KEYS_READ = new Set(['role', 'content']);
const ROLES = ['user', 'assistant'];
const MARKER_BLOCK_TYPES = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document', 'server_tool_use']);

function detectAnthropicMessages(list: MessageList): number {
  const body = list.body;
  if (body !== undefined && 'input' in body) return 0;
  // The system prompt is top-level here: a system, developer or tool role is another format.
  if (messagesWithChatRoles(list.messages).some((message) => !isRecord(message) || (message.role !== 'user' && message.role !== 'assistant'))) return 0;
  if (list.messages.some(hasAnthropicMarker)) return 1;
  if (body !== undefined && body.system !== undefined && body.max_tokens !== undefined) return 1;
  if (body !== undefined && Array.isArray(body.tools) && body.tools.some((tool) => isRecord(tool) && 'input_schema' in tool)) return 1;
  return sharedChatShapeScore(list.messages, ['user', 'assistant']);
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

function convertAnthropicMessages({ messages, body }: MessageList, log: FidelityLog): ConvertedImport {
  const builder = new TranscriptBuilder(FORMAT, log);
  const otherRoles = unknownRoles(messages, ROLES, LABEL, log);
  messages.forEach((raw, index) => {
    const field = `messages[${index}]`;
    const message = requireRecordAt(LABEL, raw, field, 'a message object {role, content}');
    if (otherRoles.drops(message, field)) return;
    reportUnreadKeys(message, MESSAGE_KEYS_READ, field, log, MESSAGE_FIELD_DROPPED);
    if (message.role === 'user') convertUserMessage(message.content, field, builder, log);
    else if (message.role === 'assistant') builder.push({ role: 'assistant', content: assistantContent(message.content, field, log) }, { field });
    else {
      throw invalidField(LABEL, `${field}.role`, message.role, 'allowed: user, assistant (the system prompt is the top-level "system")');
    }
  });
  const profile = requestBodyProfile(LABEL, body, log, {
    systemInstruction: () => systemInstructionOf(body?.system, log),
    tools: () => anthropicTools(body, log),
    holdsSystemInstruction: body !== undefined,
  });
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
    reportBlockKeys(block, ['type', 'text'], field, { label: LABEL, log });
    return requireStringAt(LABEL, block.text, `${field}.text`);
  });
  if (texts.length > 1) {
    for (const index of system.keys()) {
      log.add('merged', 'system text blocks joined into the one system instruction, a blank line between them', { field: `system[${index}]` });
    }
  }
  return texts.join('\n\n');
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
    if (block.type === 'tool_result') results.push(toolResultOf(block, blockField, { label: LABEL, log }));
    else parts.push(...userBlock(block, blockField, { label: LABEL, log }));
  });
  if (results.length > 0) builder.push({ role: 'tool', content: results }, { field });
  if (parts.length > 0 || results.length === 0) {
    const message: UserModelMessage = { role: 'user', content: parts };
    builder.push(message, results.length > 0 ? { field, note: 'the text and media of a user message that also held tool results' } : { field });
  }
}

function assistantContent(content: unknown, field: string, log: FidelityLog): AssistantModelMessage['content'] {
  if (typeof content === 'string') return content;
  return blocksOf(content, field).flatMap((block, index) => assistantBlock(block, `${field}.content[${index}]`, { label: LABEL, log }));
}

function anthropicTools(body: Record<string, unknown> | undefined, log: FidelityLog): ToolDeclaration[] | undefined {
  if (body === undefined || body.tools === undefined) return undefined;
  if (!Array.isArray(body.tools)) throw invalidField(LABEL, 'tools', body.tools, 'expected a list of tool declarations');
  return body.tools.map((raw, index): ToolDeclaration => {
    const field = `tools[${index}]`;
    const tool = requireRecordAt(LABEL, raw, field, 'a tool declaration {name, description?, input_schema}');
    if (tool.type !== undefined && tool.type !== 'custom') {
      const name = toolNameAt(LABEL, tool.name, `${field}.name`);
      log.add('dropped', 'Anthropic-defined tool (bash, text editor, web search, …) kept by name only: its schema is built into the model', { field });
      return { name };
    }
    reportBlockKeys(tool, ['type', 'name', 'description', 'input_schema'], field, { label: LABEL, log }, TOOL_FIELD_DROPPED);
    return toolDeclarationOf(LABEL, tool, field, 'input_schema');
  });
}

export const anthropicMessagesFormat = messageListFormat('anthropic-messages', LABEL, {
  bodyKeysRead: BODY_KEYS_READ,
  detect: detectAnthropicMessages,
  convert: convertAnthropicMessages,
});
