import type { ChildMessage, ChildMessageSource, SyntheticRule } from '../fork-plan';
import { deepClone } from '../transcript/deep-clone';
import type { MessageMeta, ModelMessage, TranscriptMessage, UserModelMessage } from '../transcript/transcript';

/** A deep copy of parent messages as one child message, recording which parent rows it came from. */
export function copyToChild(
  message: ModelMessage,
  meta: MessageMeta | undefined,
  parentIndexes: number[],
  parent: readonly TranscriptMessage[],
  change?: Extract<ChildMessageSource, { kind: 'copy' }>['change'],
): ChildMessage {
  const source: ChildMessageSource = {
    kind: 'copy',
    parentIndexes: [...parentIndexes],
    parentIds: parentIndexes.map((index) => parent[index]!.id),
  };
  if (change !== undefined) source.change = change;
  const copy: ChildMessage = { message: deepClone(message), source };
  if (meta !== undefined) copy.meta = deepClone(meta);
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
