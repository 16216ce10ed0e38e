import type { ModelMessage, ToolDeclaration } from '@/lib/fork';
import { isRecord } from '@/lib/json/is-record';
import { type TextChunk, wordDiff } from '@/lib/text-diff/word-diff';

/** A request as the explainer reads it: what a provider hashes, in its cache order. */
export interface ExplainedRequest {
  model: string;
  tools: readonly ToolDeclaration[];
  systemInstruction: string;
  messages: readonly ModelMessage[];
}

/** Anthropic's cache diagnostics' words for where a request stopped matching the previous one. */
export type CacheMissReason = 'model_changed' | 'tools_changed' | 'system_changed' | 'messages_changed';

export interface CacheMissExplanation {
  /** Null when the child's request starts with the whole previous request: nothing misses. */
  reason: CacheMissReason | null;
  /** The first place that differs, as a path into the request: `tools[1].description`, `messages[4].content[0].text`. */
  path: string | null;
  /** Messages of the previous request that the child repeats unchanged before the difference. */
  sharedMessages: number;
  /** A word diff of the value at `path`, previous request first; shortened around the first change. */
  diff: TextChunk[];
}

/** Context kept on each side of the first change in the diff. */
const DIFF_CONTEXT = 160;

/**
 * The first place the child's request differs from the parent's previous one, in the provider's
 * cache order (the model, then tools, then the system instruction, then the messages): everything
 * after it is a miss, whatever matches later.
 */
export function explainCacheMiss(previous: ExplainedRequest, child: ExplainedRequest): CacheMissExplanation {
  if (previous.model !== child.model) return found('model_changed', 'model', previous.model, child.model, 0);
  const tools = firstDifference(previous.tools, child.tools, 'tools');
  if (tools !== null) return found('tools_changed', tools.path, tools.before, tools.after, 0);
  if (previous.systemInstruction !== child.systemInstruction) return found('system_changed', 'system', previous.systemInstruction, child.systemInstruction, 0);
  const count = previous.messages.length;
  for (let index = 0; index < count; index += 1) {
    const before = previous.messages[index]!;
    const after = child.messages[index];
    if (after === undefined) return found('messages_changed', `messages[${index}]`, before, undefined, index);
    if (before === after) continue;
    const difference = firstDifference(before, after, `messages[${index}]`);
    if (difference !== null) return found('messages_changed', difference.path, difference.before, difference.after, index);
  }
  return { reason: null, path: null, sharedMessages: count, diff: [] };
}

interface Difference {
  path: string;
  before: unknown;
  after: unknown;
}

/** The first path at which two JSON values differ, depth first in key order; null when equal. */
export function firstDifference(before: unknown, after: unknown, path: string): Difference | null {
  if (before === after) return null;
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index += 1) {
      const inner = firstDifference(before[index], after[index], `${path}[${index}]`);
      if (inner !== null) return inner;
    }
    return null;
  }
  if (isWalkable(before) && isWalkable(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      const inner = firstDifference(before[key], after[key], `${path}.${key}`);
      if (inner !== null) return inner;
    }
    return null;
  }
  if (before instanceof Uint8Array && after instanceof Uint8Array && before.length === after.length && before.every((byte, index) => byte === after[index])) {
    return null;
  }
  return { path, before, after };
}

/** An object whose keys the difference walks into: not an array, and not a file's bytes. */
function isWalkable(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !(value instanceof Uint8Array);
}

function found(reason: CacheMissReason, path: string, before: unknown, after: unknown, sharedMessages: number): CacheMissExplanation {
  return { reason, path, sharedMessages, diff: shortDiff(textOf(before), textOf(after)) };
}

function textOf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return `(${value.length} bytes)`;
  return JSON.stringify(value, null, 1) ?? String(value);
}

/** A word diff of the part of two texts around where they first differ, so a long prompt stays short. */
export function shortDiff(before: string, after: string): TextChunk[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const from = Math.max(0, start - DIFF_CONTEXT);
  const left = before.slice(from, Math.min(before.length, before.length - end + DIFF_CONTEXT));
  const right = after.slice(from, Math.min(after.length, after.length - end + DIFF_CONTEXT));
  const diff = wordDiff(clip(left), clip(right));
  const chunks: TextChunk[] = diff.related ? diff.chunks : [diff.chunks[0]!, { text: '\n', change: 'kept' }, diff.chunks[1]!];
  return from > 0 ? [{ text: '…', change: 'kept' }, ...chunks] : chunks;
}

/** Long replacements are cut: the diff shows where, not the whole of a 50 KB tool result. */
function clip(text: string): string {
  return text.length > 4 * DIFF_CONTEXT ? `${text.slice(0, 4 * DIFF_CONTEXT)}…` : text;
}
