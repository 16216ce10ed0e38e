import type { ChildMessage, ChildRequest, ForkPlan, TranscriptMessage } from '@/lib/fork';

/**
 * How a plan travels from the server to the browser. The browser already holds the parent, so a
 * run of unchanged copies (most of an `all` fork of a long parent) is sent as a range of parent
 * indexes instead of the messages themselves; anything the engine changed or wrote is sent whole.
 * This is a transport encoding only: which messages are copies is decided by the engine.
 */
export type CompactChildSegment = { kind: 'copy-run'; parentStart: number; count: number } | { kind: 'message'; message: ChildMessage; tokens: number };

export interface CompactChildRequest extends Omit<ChildRequest, 'initialMessages'> {
  initialSegments: CompactChildSegment[];
  initialMessageCount: number;
}

export interface CompactForkPlan extends Omit<ForkPlan, 'child'> {
  child: CompactChildRequest | null;
}

/** An unchanged copy of exactly one parent message, which the browser can resolve from its own copy. */
function isPlainCopy(message: ChildMessage): number | null {
  const source = message.source;
  if (source.kind !== 'copy' || source.change !== undefined || source.parentIndexes.length !== 1) return null;
  return source.parentIndexes[0]!;
}

export function compactPlan(plan: ForkPlan, tokensOf: (message: ChildMessage) => number): CompactForkPlan {
  if (plan.child === null) return { ...plan, child: null };
  const { initialMessages, ...rest } = plan.child;
  const segments: CompactChildSegment[] = [];
  for (const message of initialMessages) {
    const parentIndex = isPlainCopy(message);
    const last = segments.at(-1);
    if (parentIndex === null) {
      segments.push({ kind: 'message', message, tokens: tokensOf(message) });
    } else if (last?.kind === 'copy-run' && last.parentStart + last.count === parentIndex) {
      last.count += 1;
    } else {
      segments.push({ kind: 'copy-run', parentStart: parentIndex, count: 1 });
    }
  }
  return { ...plan, child: { ...rest, initialSegments: segments, initialMessageCount: initialMessages.length } };
}

/**
 * The child's initial messages, resolving copy runs against the parent the plan was made from.
 * The result shares message objects with `parent`: it is for display and export, never for a
 * child's stored history (a launched child gets its own copy from the server).
 */
export function expandChildMessages(segments: readonly CompactChildSegment[], parent: readonly TranscriptMessage[]): ChildMessage[] {
  const messages: ChildMessage[] = [];
  for (const segment of segments) {
    if (segment.kind === 'message') {
      messages.push(segment.message);
      continue;
    }
    for (let index = segment.parentStart; index < segment.parentStart + segment.count; index += 1) {
      messages.push(resolveCopy(parent, index));
    }
  }
  return messages;
}

/** The one child message at position `position`, without expanding the rest (for virtual lists). */
export function childMessageAt(
  segments: readonly CompactChildSegment[],
  parent: readonly TranscriptMessage[],
  position: number,
): { message: ChildMessage; tokens: number | null } | null {
  let offset = 0;
  for (const segment of segments) {
    const length = segment.kind === 'message' ? 1 : segment.count;
    if (position < offset + length) {
      if (segment.kind === 'message') return { message: segment.message, tokens: segment.tokens };
      return { message: resolveCopy(parent, segment.parentStart + position - offset), tokens: null };
    }
    offset += length;
  }
  return null;
}

function resolveCopy(parent: readonly TranscriptMessage[], index: number): ChildMessage {
  const entry = parent[index];
  if (entry === undefined) throw new RangeError(`The plan copies parent message #${index}, which this parent does not have.`);
  const copy: ChildMessage = {
    message: entry.message,
    source: { kind: 'copy', parentIndexes: [index], parentIds: [entry.id] },
  };
  if (entry.meta !== undefined) copy.meta = entry.meta;
  return copy;
}

/** The full plan again, as `planFork` returned it. */
export function expandPlan(plan: CompactForkPlan, parent: readonly TranscriptMessage[]): ForkPlan {
  if (plan.child === null) return { ...plan, child: null };
  const { initialSegments, initialMessageCount: _count, ...child } = plan.child;
  const { firstPrompt, ...head } = child;
  return { ...plan, child: { ...head, initialMessages: expandChildMessages(initialSegments, parent), firstPrompt } };
}
