import type { AssistantModelMessage, ModelMessage, TranscriptMessage } from '../transcript/transcript';
import { isForkTurnBoundary } from './fork-turns';

/** Why a parent item is, or is not, in a Codex fork (`keep_forked_rollout_item`). */
export type ForkedItem =
  | { kind: 'kept' }
  /** An assistant message reduced to its final-answer text: reasoning, calls and commentary removed. */
  | { kind: 'final-answer'; message: AssistantModelMessage }
  | { kind: 'dropped'; why: 'tool-output' | 'not-a-final-answer' | 'usage-hint' };

type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];

/** The phase a Responses assistant message had, where the AI SDK keeps it. */
export function phaseOf(part: AssistantPart): unknown {
  if (part.type !== 'text') return undefined;
  const openai = part.providerOptions?.openai;
  return openai !== null && typeof openai === 'object' ? (openai as Record<string, unknown>).phase : undefined;
}

function partsOf(message: AssistantModelMessage): AssistantPart[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

/** Whether an assistant message has text with no phase: written by a model or a recorder without them. */
export function hasPhaseLessText(message: ModelMessage): boolean {
  return message.role === 'assistant' && partsOf(message).some((part) => part.type === 'text' && phaseOf(part) === undefined);
}

/**
 * Parent indexes whose phase-less text Fork Lab's option reads as a final answer: in each turn
 * that a later turn closes, the last assistant message with such text. The turn in flight has
 * not answered yet.
 */
export function lastTextOfEachTurn(messages: readonly TranscriptMessage[], end: number): Set<number> {
  const chosen = new Set<number>();
  let candidate: number | null = null;
  for (let index = 0; index < end; index++) {
    const { message } = messages[index]!;
    if (isForkTurnBoundary(message)) {
      if (candidate !== null) chosen.add(candidate);
      candidate = null;
    } else if (hasPhaseLessText(message)) {
      candidate = index;
    }
  }
  return chosen;
}

/**
 * What a fork keeps of one parent item. User messages stay whole, harness context included;
 * developer and system messages stay unless they are a usage hint; of an assistant message only
 * its final-answer text, since a child that inherited tool calls would need their outputs and
 * commentary is the parent's own progress talk; tool outputs never.
 */
export function forkedItemOf(message: ModelMessage, isUsageHint: (text: string) => boolean, phaseLessIsFinal: boolean): ForkedItem {
  switch (message.role) {
    case 'user':
      return { kind: 'kept' };
    case 'system':
      return isUsageHint(message.content) ? { kind: 'dropped', why: 'usage-hint' } : { kind: 'kept' };
    case 'tool':
      return { kind: 'dropped', why: 'tool-output' };
    case 'assistant': {
      const parts = partsOf(message);
      const final = parts.filter((part) => part.type === 'text' && (phaseOf(part) === 'final_answer' || (phaseLessIsFinal && phaseOf(part) === undefined)));
      if (final.length === 0) return { kind: 'dropped', why: 'not-a-final-answer' };
      if (final.length === parts.length) return { kind: 'kept' };
      return { kind: 'final-answer', message: { role: 'assistant', content: final } };
    }
  }
}
