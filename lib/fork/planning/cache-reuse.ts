import type { CacheReuse, ChildMessage } from '../fork-plan';
import type { ToolDeclaration } from '../transcript/transcript';

function sameTools(a: readonly ToolDeclaration[], b: readonly ToolDeclaration[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Leading child messages that are unchanged copies of the parent's message at the same index. */
export function cacheReuse(
  initialMessages: readonly ChildMessage[],
  parentSystem: string,
  parentTools: readonly ToolDeclaration[],
  childSystem: string,
  childTools: readonly ToolDeclaration[],
): CacheReuse {
  let sharedMessages = 0;
  for (const child of initialMessages) {
    const source = child.source;
    if (
      source.kind !== 'copy' ||
      // Sealing changes metadata only; the bytes the provider sees are the parent's.
      (source.change !== undefined && source.change !== 'sealed') ||
      source.parentIndexes.length !== 1 ||
      source.parentIndexes[0] !== sharedMessages
    ) {
      break;
    }
    sharedMessages++;
  }
  const systemMatches = parentSystem === childSystem;
  const toolsMatch = sameTools(parentTools, childTools);
  return {
    systemMatches,
    toolsMatch,
    sharedMessages,
    reusableMessages: systemMatches && toolsMatch ? sharedMessages : 0,
  };
}

/** A prompt cache is per model: a child on another model reuses nothing of the parent's prefix. */
export function withModel(cache: CacheReuse, childModel: string, parentModel: string): CacheReuse {
  return childModel === parentModel ? cache : { ...cache, modelMatches: false, reusableMessages: 0 };
}
