import type { ChildMessage, ChildMessageSource, SyntheticRule } from '../fork-plan';
import { copyUnlessFrozen, deepClone } from '../transcript/deep-clone';
import type { MessageMeta, ModelMessage, TranscriptMessage, UserModelMessage } from '../transcript/transcript';

/**
 * Parent messages as one child message, recording which parent rows they came from. The child
 * never holds a writable object of its parent's: what is deep-frozen it shares (a registered
 * parent is frozen whole, so a plan of it costs no copy of its history), the rest it copies.
 */
export function copyToChild(
  message: ModelMessage,
  meta: MessageMeta | undefined,
  parentIndexes: number[],
  parent: readonly TranscriptMessage[],
  change?: Extract<ChildMessageSource, { kind: 'copy' }>['change'],
): ChildMessage {
  // Most copies stand for one parent message: a plan of a 70,000-message parent makes one of these
  // per message, so the one-index case allocates no more than it must.
  const source: ChildMessageSource =
    parentIndexes.length === 1
      ? { kind: 'copy', parentIndexes: [parentIndexes[0]!], parentIds: [parent[parentIndexes[0]!]!.id] }
      : { kind: 'copy', parentIndexes: [...parentIndexes], parentIds: parentIndexes.map((index) => parent[index]!.id) };
  if (change !== undefined) source.change = change;
  // A copy recorded with a change is one the planner goes on to edit in place (Qwen blanks the
  // inputs of a call in flight in it), so it is a whole copy of its own.
  const copy: ChildMessage = { message: change === undefined ? copyUnlessFrozen(message) : deepClone(message), source };
  if (meta !== undefined) copy.meta = copyUnlessFrozen(meta);
  return copy;
}

export function syntheticMessage(message: ModelMessage, rule: SyntheticRule, toolCallIds?: string[]): ChildMessage {
  const source: ChildMessageSource = { kind: 'synthetic', rule };
  if (toolCallIds !== undefined) source.toolCallIds = toolCallIds;
  return { message, source };
}

export function userTextMessage(text: string): UserModelMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

export function firstPromptMessage(text: string, rule: SyntheticRule): ChildMessage & { message: UserModelMessage } {
  return { message: userTextMessage(text), source: { kind: 'synthetic', rule } };
}
