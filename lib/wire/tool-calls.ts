import { isRecord } from '@/lib/json/is-record';
import type { RequestShape } from './request-shape';

/** A tool call a body's history holds: the tool's name and its input as sent (an object, or JSON text). */
export interface SentToolCall {
  name: string;
  input: unknown;
}

/** The texts of a content: a string, or the `text` of each part that has one. */
export function contentTexts(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
}

/** The turns a body's history is made of: its messages, a Responses body's input items, a Gemini body's contents. */
export function turnsOf(body: Record<string, unknown>, shape: RequestShape): unknown[] {
  const turns = shape === 'responses' ? body.input : shape === 'gemini' ? body.contents : body.messages;
  return Array.isArray(turns) ? turns : [];
}

/** A turn's parts: a Gemini content's `parts`, every other API's `content`. */
export function turnContent(turn: Record<string, unknown>, shape: RequestShape): unknown {
  return shape === 'gemini' ? turn.parts : turn.content;
}

function partsCalls(parts: unknown, call: (part: Record<string, unknown>) => SentToolCall | null): SentToolCall[] {
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((part) => {
    const found = isRecord(part) ? call(part) : null;
    return found === null ? [] : [found];
  });
}

/** The tool calls one turn makes, in its API's own shape. */
export function toolCallsInTurn(turn: Record<string, unknown>, shape: RequestShape): SentToolCall[] {
  switch (shape) {
    case 'responses':
      return turn.type === 'function_call' && typeof turn.name === 'string' ? [{ name: turn.name, input: turn.arguments }] : [];
    case 'chat':
      return Array.isArray(turn.tool_calls)
        ? turn.tool_calls.flatMap((call) =>
            isRecord(call) && isRecord(call.function) && typeof call.function.name === 'string'
              ? [{ name: call.function.name, input: call.function.arguments }]
              : [],
          )
        : [];
    case 'messages':
      return partsCalls(turn.content, (block) =>
        block.type === 'tool_use' && typeof block.name === 'string' ? { name: block.name, input: block.input } : null,
      );
    case 'gemini':
      return partsCalls(turn.parts, (part) =>
        isRecord(part.functionCall) && typeof part.functionCall.name === 'string' ? { name: part.functionCall.name, input: part.functionCall.args } : null,
      );
    case 'converse':
      return partsCalls(turn.content, (block) =>
        isRecord(block.toolUse) && typeof block.toolUse.name === 'string' ? { name: block.toolUse.name, input: block.toolUse.input } : null,
      );
  }
}

/**
 * The answers a body carries to the call `toolCallId`, each as its text, in whichever of the three
 * shapes a runtime sends them: a Chat `tool` message, a Messages `tool_result` block, a Responses
 * `function_call_output` item.
 */
export function toolResultTexts(body: Record<string, unknown>, toolCallId: string): string[] {
  const messages = Array.isArray(body.messages) ? body.messages.filter(isRecord) : [];
  const items = Array.isArray(body.input) ? body.input.filter(isRecord) : [];
  const chat = messages
    .filter((message) => message.role === 'tool' && message.tool_call_id === toolCallId)
    .map((message) => contentTexts(message.content).join('\n'));
  const blocks = messages.flatMap((message) =>
    Array.isArray(message.content)
      ? message.content
          .filter(isRecord)
          .flatMap((block) => (block.type === 'tool_result' && block.tool_use_id === toolCallId ? [contentTexts(block.content).join('\n')] : []))
      : [],
  );
  const responses = items.filter((item) => item.type === 'function_call_output' && item.call_id === toolCallId).map((item) => String(item.output ?? ''));
  return [...chat, ...blocks, ...responses];
}
