import type { SystemModelMessage, ToolResultPart, UserModelMessage } from 'ai';
import { parseToolArguments } from '../content-mapping';
import { isRecord, lookup, nonEmptyString } from '../import-source';
import { type AssistantPart, MID_CONVERSATION_SYSTEM } from './api-body';
import { assistantContentOf, type ItemContext, requireStringIn, systemTextsOf, toolOutputFrom, userContentOf } from './responses-content';

export type { ItemContext } from './responses-content';

/*
 * One OpenAI Responses item as the transcript builder's terms. Two importers read these items:
 * Codex CLI rollouts (a `response_item` payload, and the items of a compaction's
 * replacement_history) and Responses API request bodies (`input`). What a field must hold follows
 * what the producers write (Codex's ResponseItem in codex-rs/protocol/src/models.rs, and the API
 * reference): a value no producer writes there is refused, not guessed at. How consecutive items
 * group into messages is the importer's, since the two formats report merges differently.
 */

/** Items with a field list here are carried; the lists also name what a Responses body reports as unread. */
export const ITEM_KEYS_READ: Readonly<Record<string, ReadonlySet<string>>> = {
  // `id` and `status` are the API's bookkeeping, not what the model saw.
  message: new Set(['type', 'role', 'content', 'id', 'status']),
  reasoning: new Set(['type', 'summary', 'content', 'encrypted_content', 'id', 'status']),
  // `namespace`: the tool's own declaration says it (see responsesTools).
  function_call: new Set(['type', 'call_id', 'name', 'namespace', 'arguments', 'id', 'status']),
  custom_tool_call: new Set(['type', 'call_id', 'name', 'input', 'id', 'status']),
  local_shell_call: new Set(['type', 'call_id', 'action', 'id', 'status']),
  function_call_output: new Set(['type', 'call_id', 'output', 'id', 'status']),
  // Who sent it to whom: the header text Codex writes into the content says it too.
  agent_message: new Set(['type', 'author', 'recipient', 'content', 'id']),
  custom_tool_call_output: new Set(['type', 'call_id', 'output', 'id', 'status']),
  local_shell_call_output: new Set(['type', 'call_id', 'output', 'id', 'status']),
};

const CALL_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output']);

const SERVER_SIDE = 'OpenAI ran it on its own servers and another model cannot replay it';

/** Why an item the model produced or saw has no AI SDK message form. */
const DROP_REASONS: Record<string, string> = {
  ghost_snapshot: 'a git snapshot Codex keeps for undo; never sent to the model',
  web_search_call: `a web search whose results are not recorded; ${SERVER_SIDE}`,
  file_search_call: `a file search; ${SERVER_SIDE}`,
  code_interpreter_call: `a code interpreter run; ${SERVER_SIDE}`,
  mcp_call: `a remote MCP tool call; ${SERVER_SIDE}`,
  image_generation_call: `an image generation; ${SERVER_SIDE}`,
  tool_search_call: `a tool search; ${SERVER_SIDE}`,
  tool_search_output: `a tool search result; ${SERVER_SIDE}`,
  compaction: 'the compaction summary is encrypted (only OpenAI can read it), so the child cannot receive it',
  compaction_summary: 'the compaction summary is encrypted (only OpenAI can read it), so the child cannot receive it',
  item_reference: "an item kept on OpenAI's servers, named here only by its id",
};
const UNKNOWN_ITEM = 'not a message, reasoning, tool call or tool result Fork Lab can carry';

export const ASSISTANT_ITEMS_MERGED = 'assistant items of one model response (reasoning, text, tool calls) merged into one assistant message';
export const TOOL_OUTPUTS_MERGED = 'consecutive tool outputs merged into one tool message';
export const ENCRYPTED_REASONING = 'only OpenAI can decrypt it, so it cannot be carried to another model';

export interface SystemItem {
  role: 'system';
  /** Each text part, for importers that recognise context by how every part opens. */
  texts: string[];
  text: string;
  developer: boolean;
  id?: string;
}

export type ConvertedItem =
  | { role: 'user'; content: UserModelMessage['content']; id?: string }
  | SystemItem
  | { role: 'assistant'; parts: AssistantPart[]; id?: string }
  | { role: 'tool'; part: ToolResultPart; id?: string }
  /** Left out, its finding logged; a user or system message still ends the model response before it. */
  | { role: 'none'; endsResponse: boolean };

export const MESSAGE_ROLES = ['user', 'assistant', 'system', 'developer'];

/** An item's type; a `{role, content}` item without one is a message (the API's short form). */
export function responsesItemType(item: Record<string, unknown>, ctx: ItemContext): string {
  if (item.type === undefined && typeof item.role === 'string') return 'message';
  if (typeof item.type !== 'string') throw ctx.invalid('item', 'type', item.type, 'expected an item type such as "message" or "function_call"');
  return item.type;
}

export function convertResponsesItem(item: Record<string, unknown>, ctx: ItemContext): ConvertedItem {
  const type = responsesItemType(item, ctx);
  const id = nonEmptyString(item.id);
  if (type === 'message') return messageItem(item, ctx, id);
  if (type === 'agent_message') return agentMessageItem(item, ctx, id);
  if (type === 'reasoning') return reasoningItem(item, ctx, id);
  if (CALL_TYPES.has(type)) return { role: 'assistant', parts: [toolCallOf(item, type, ctx)], ...withId(id) };
  if (OUTPUT_TYPES.has(type)) {
    // The name is the call's; the builder fills it in when it pairs the result with its call.
    const part: ToolResultPart = { type: 'tool-result', toolCallId: callIdOf(item, type, ctx), toolName: '', output: toolOutputFrom(item.output, type, ctx) };
    // A local shell output's `id` is its call's, not its own.
    return { role: 'tool', part, ...withId(type === 'local_shell_call_output' ? undefined : id) };
  }
  ctx.log.add('dropped', ctx.droppedItem(type, lookup(DROP_REASONS, type) ?? UNKNOWN_ITEM), ctx.place());
  return { role: 'none', endsResponse: false };
}

/** A system or developer item carried as a system message, with what that guesses and risks. */
export function systemMessageOf(item: SystemItem, ctx: ItemContext, afterStart: boolean): SystemModelMessage {
  if (item.developer) ctx.log.add('guessed', 'developer message mapped to a system message', ctx.place());
  if (afterStart) ctx.log.add('flagged', MID_CONVERSATION_SYSTEM, ctx.place());
  return { role: 'system', content: item.text };
}

function withId(id: string | undefined): { id?: string } {
  return id === undefined ? {} : { id };
}

function messageItem(item: Record<string, unknown>, ctx: ItemContext, id: string | undefined): ConvertedItem {
  const role = item.role;
  if (typeof role !== 'string' || !MESSAGE_ROLES.includes(role)) throw ctx.invalid('message', 'role', role, `allowed: ${MESSAGE_ROLES.join(', ')}`);
  const content = item.content;
  if (typeof content !== 'string' && !Array.isArray(content)) {
    throw ctx.invalid('message', 'content', content, 'a message holds a string or a list of content parts');
  }
  if (role === 'system' || role === 'developer') {
    const texts = systemTextsOf(content, role, ctx);
    if (texts.length === 0) return nothingToCarry(role, ctx, true);
    if (texts.length > 1) ctx.log.add('merged', `${role} message text parts joined into one system text, a blank line between`, ctx.place());
    return { role: 'system', texts, text: texts.join('\n\n'), developer: role === 'developer', ...withId(id) };
  }
  if (role === 'user') {
    if (typeof content === 'string') return { role: 'user', content, ...withId(id) };
    const parts = userContentOf(content, ctx);
    return parts.length === 0 ? nothingToCarry(role, ctx, true) : { role: 'user', content: parts, ...withId(id) };
  }
  const parts = typeof content === 'string' ? [{ type: 'text' as const, text: content }] : assistantContentOf(content, ctx);
  return parts.length === 0 ? nothingToCarry(role, ctx, false) : { role: 'assistant', parts: withPhase(parts, item.phase, ctx), ...withId(id) };
}

/** The phases a Responses assistant message can have (Codex's `MessagePhase`). */
export const MESSAGE_PHASES = ['commentary', 'final_answer'] as const;

/**
 * An assistant message's phase, kept where the AI SDK keeps it: `providerOptions.openai.phase` on
 * its text parts, which the OpenAI Responses provider sends back. Codex forks keep only
 * `final_answer` messages, so dropping the phase would drop the message from every Codex fork.
 */
function withPhase(parts: AssistantPart[], phase: unknown, ctx: ItemContext): AssistantPart[] {
  if (phase === undefined || phase === null) return parts;
  if (!MESSAGE_PHASES.includes(phase as (typeof MESSAGE_PHASES)[number])) {
    ctx.log.add('dropped', `assistant message phase ${JSON.stringify(phase)}: a phase is ${MESSAGE_PHASES.join(' or ')}`, ctx.place('phase'));
    return parts;
  }
  return parts.map((part) =>
    part.type === 'text'
      ? { ...part, providerOptions: { ...part.providerOptions, openai: { ...part.providerOptions?.openai, phase: phase as string } } }
      : part,
  );
}

/**
 * Codex's message between agents (a task for a child, a child's final answer for its parent) is an
 * input the model reads, as a user turn is: carried as a user message, each content part a text.
 * An `encrypted_content` part holds what Codex treats as ciphertext; a runtime that was not given
 * ciphertext (any model but OpenAI's) sends the plain text there, which is carried as it is.
 */
function agentMessageItem(item: Record<string, unknown>, ctx: ItemContext, id: string | undefined): ConvertedItem {
  if (!Array.isArray(item.content))
    throw ctx.invalid(
      'agent_message',
      'content',
      item.content,
      'expected a list of {type: "input_text", text} or {type: "encrypted_content", encrypted_content}',
    );
  const texts = item.content.map((part, index) => {
    if (isRecord(part) && part.type === 'input_text') return requireStringIn(ctx, 'agent_message', `content[${index}].text`, part.text);
    if (isRecord(part) && part.type === 'encrypted_content') {
      ctx.log.add(
        'guessed',
        'agent message encrypted_content carried as text: readable only when the runtime sent it in the clear',
        ctx.place(`content[${index}]`),
      );
      return requireStringIn(ctx, 'agent_message', `content[${index}].encrypted_content`, part.encrypted_content);
    }
    throw ctx.invalid('agent_message', `content[${index}].type`, isRecord(part) ? part.type : part, 'allowed: input_text, encrypted_content');
  });
  ctx.log.add('guessed', 'agent message (between Codex agents) carried as a user message', ctx.place());
  return { role: 'user', content: texts.map((text) => ({ type: 'text' as const, text })), ...withId(id) };
}

function nothingToCarry(role: string, ctx: ItemContext, endsResponse: boolean): ConvertedItem {
  ctx.log.add('dropped', `${role} message with nothing Fork Lab can carry`, ctx.place());
  return { role: 'none', endsResponse };
}

/**
 * The summary is what a person can read; raw reasoning text (open models) stands in when there is
 * none. Either becomes one reasoning part, its paragraphs a blank line apart, as the item was one step.
 */
function reasoningItem(item: Record<string, unknown>, ctx: ItemContext, id: string | undefined): ConvertedItem {
  if (nonEmptyString(item.encrypted_content) !== undefined) ctx.log.add('dropped', ctx.encryptedReasoning, ctx.place('encrypted_content'));
  const summary = reasoningTexts(item.summary, 'summary', ctx);
  const raw = reasoningTexts(item.content, 'content', ctx);
  if (summary.length > 0 && raw.length > 0) ctx.log.add('dropped', 'raw reasoning content beside its summary: the summary is kept', ctx.place('content'));
  const texts = summary.length > 0 ? summary : raw;
  if (texts.length === 0) {
    ctx.log.add('dropped', 'reasoning item with no summary text: nothing readable to carry', ctx.place());
    return { role: 'none', endsResponse: false };
  }
  return { role: 'assistant', parts: [{ type: 'reasoning', text: texts.join('\n\n') }], ...withId(id) };
}

/** `[{type: 'summary_text', text}]`, or the raw `content` alike; empty texts carry nothing. */
function reasoningTexts(list: unknown, key: string, ctx: ItemContext): string[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw ctx.invalid('reasoning', key, list, 'expected a list of {type, text}');
  return list.flatMap((entry, index) => {
    const text = requireStringIn(ctx, 'reasoning', `${key}[${index}].text`, isRecord(entry) ? entry.text : undefined);
    return text === '' ? [] : [text];
  });
}

/** The call id an item names; a local shell call made through Chat Completions has only its `id`. */
function callIdOf(item: Record<string, unknown>, type: string, ctx: ItemContext): string {
  const fallback = type.startsWith('local_shell_call') ? nonEmptyString(item.id) : undefined;
  const callId = nonEmptyString(item.call_id) ?? fallback;
  if (callId === undefined) throw ctx.invalid(type, 'call_id', item.call_id, "expected the call's id");
  return callId;
}

function toolCallOf(item: Record<string, unknown>, type: string, ctx: ItemContext): AssistantPart {
  const toolCallId = callIdOf(item, type, ctx);
  if (type === 'local_shell_call') return { type: 'tool-call', toolCallId, toolName: 'local_shell', input: item.action ?? {} };
  const toolName = nonEmptyString(item.name);
  if (toolName === undefined) throw ctx.invalid(type, 'name', item.name, "expected the tool's name");
  if (type === 'custom_tool_call') {
    // A custom tool takes free-form text: the text is its whole input.
    return { type: 'tool-call', toolCallId, toolName, input: requireStringIn(ctx, type, 'input', item.input, 'a custom tool takes free-form text') };
  }
  const { input } = parseToolArguments(item.arguments, ctx.log, ctx.place('arguments'));
  return { type: 'tool-call', toolCallId, toolName, input };
}
