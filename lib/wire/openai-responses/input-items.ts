import { isRecord } from '@/lib/json/is-record';

/** An input item as read from a log: any object, its fields unchecked. */
export type InputItem = Record<string, unknown>;

/** A request's `input` as items: a string is the user's one message. Anything not an object is left out. */
export function inputItems(input: unknown): InputItem[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  return Array.isArray(input) ? input.filter(isRecord) : [];
}

/** Who an input item speaks for: a message's role, a tool's output, or the model's own items (calls, reasoning). */
export function speaker(item: InputItem): string {
  if (typeof item.role === 'string') return item.role;
  return item.type === 'function_call_output' || item.type === 'custom_tool_call_output' ? 'tool' : 'assistant';
}
