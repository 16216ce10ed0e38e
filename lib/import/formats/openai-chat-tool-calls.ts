import type { ToolResultPart } from 'ai';
import type { ToolOutput } from '@/lib/fork';
import { parseToolArguments } from '../content-mapping';
import type { FidelityLog } from '../fidelity-report';
import { isRecord } from '../import-source';
import type { TranscriptBuilder } from '../transcript-builder';
import { type AssistantPart, invalidField, requireRecordAt, requireStringAt } from './api-body';

/*
 * Tool calls in OpenAI Chat Completions messages: an assistant's `tool_calls` (function and custom)
 * and legacy `function_call`, and the `tool` / `function` messages that answer them.
 */

export const CHAT_LABEL = 'OpenAI Chat Completions';

/** Converter state: what the message loop has seen so far. */
export interface ChatState {
  builder: TranscriptBuilder;
  log: FidelityLog;
  /** Legacy `function_call`s waiting for their `function` message, by function name. */
  legacyCalls: Map<string, string[]>;
  /** The tool message being extended while `tool` messages follow each other. */
  openToolMessage: { content: ToolResultPart[] } | undefined;
}

export function toolCallParts(raw: unknown, field: string, log: FidelityLog): AssistantPart[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidField(CHAT_LABEL, field, raw, 'expected a list of tool calls');
  return raw.flatMap((entry, index): AssistantPart[] => {
    const callField = `${field}[${index}]`;
    const call = requireRecordAt(CHAT_LABEL, entry, callField, 'a tool call {id, type, function}');
    const toolCallId = requireStringAt(CHAT_LABEL, call.id, `${callField}.id`, "expected the call's id, a string");
    if (call.type === 'custom') {
      const custom = requireRecordAt(CHAT_LABEL, call.custom, `${callField}.custom`, 'an object {name, input}');
      return [
        {
          type: 'tool-call',
          toolCallId,
          toolName: requireStringAt(CHAT_LABEL, custom.name, `${callField}.custom.name`),
          // A custom tool takes free-form text: the text is its whole input.
          input: requireStringAt(CHAT_LABEL, custom.input, `${callField}.custom.input`),
        },
      ];
    }
    if (call.type !== undefined && call.type !== 'function') {
      log.add('dropped', 'tool call of a type Fork Lab does not map dropped', { field: callField });
      return [];
    }
    const fn = requireRecordAt(CHAT_LABEL, call.function, `${callField}.function`, 'an object {name, arguments}');
    const toolName = requireStringAt(CHAT_LABEL, fn.name, `${callField}.function.name`, "expected the function's name");
    const { input } = parseToolArguments(fn.arguments, log, { field: `${callField}.function.arguments` });
    return [{ type: 'tool-call', toolCallId, toolName, input }];
  });
}

/** A legacy `function_call`: it has no id, so one is made up for its `function` reply to find. */
export function legacyCallPart(raw: unknown, field: string, index: number, state: ChatState): AssistantPart | undefined {
  if (raw === undefined || raw === null) return undefined;
  const call = requireRecordAt(CHAT_LABEL, raw, field, 'an object {name, arguments}');
  const toolName = requireStringAt(CHAT_LABEL, call.name, `${field}.name`, "expected the function's name");
  const { input } = parseToolArguments(call.arguments, state.log, { field: `${field}.arguments` });
  const toolCallId = `function-call-${index}`;
  state.log.add('guessed', 'legacy function_call given a made-up call id (the format has none) so its function reply can be paired', { field });
  const waiting = state.legacyCalls.get(toolName) ?? [];
  waiting.push(toolCallId);
  state.legacyCalls.set(toolName, waiting);
  return { type: 'tool-call', toolCallId, toolName, input };
}

export function toolResultOf(message: Record<string, unknown>, role: 'tool' | 'function', field: string, state: ChatState): ToolResultPart {
  if (role === 'tool') {
    const toolCallId = requireStringAt(CHAT_LABEL, message.tool_call_id, `${field}.tool_call_id`, 'expected the id of the call it answers');
    // The name comes from the call when the builder pairs them.
    return { type: 'tool-result', toolCallId, toolName: '', output: chatToolOutput(message.content, field, state.log) };
  }
  const toolName = requireStringAt(CHAT_LABEL, message.name, `${field}.name`, 'expected the name of the function it answers');
  // The oldest unanswered legacy call of that name; none means an orphan the builder drops and reports.
  const toolCallId = state.legacyCalls.get(toolName)?.shift() ?? `function-reply-${field}`;
  return { type: 'tool-result', toolCallId, toolName, output: chatToolOutput(message.content, field, state.log) };
}

/** A tool message's content: a string, or text parts (several stay apart as a content output). */
export function chatToolOutput(content: unknown, field: string, log: FidelityLog, label = CHAT_LABEL): ToolOutput {
  if (typeof content === 'string') return { type: 'text', value: content };
  if (content === null || content === undefined) return { type: 'text', value: '' };
  if (!Array.isArray(content)) throw invalidField(label, `${field}.content`, content, 'a tool message holds a string or text parts');
  const texts: string[] = [];
  content.forEach((part, index) => {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
    else log.add('dropped', 'non-text part of a tool message dropped: Chat Completions tool results are text', { field: `${field}.content[${index}]` });
  });
  if (texts.length === 1) return { type: 'text', value: texts[0]! };
  if (texts.length === 0) return { type: 'text', value: '' };
  return { type: 'content', value: texts.map((text) => ({ type: 'text' as const, text })) };
}

/**
 * Consecutive `tool` messages answer one assistant message: they become one tool message, the way
 * the AI SDK holds a step's results, so an exported request imports back to the same messages.
 */
export function appendToolResult(result: ToolResultPart, field: string, state: ChatState): void {
  if (state.openToolMessage !== undefined) {
    state.log.add('merged', 'consecutive tool messages joined into one tool message (one per assistant step)', { field });
    state.openToolMessage.content.push(result);
    return;
  }
  const content: ToolResultPart[] = [result];
  state.builder.push({ role: 'tool', content }, { field });
  state.openToolMessage = { content };
}
