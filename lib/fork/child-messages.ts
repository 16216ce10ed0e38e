import type {
  CacheReuse,
  ChildMessage,
  ChildMessageSource,
  DispositionReason,
  DispositionStatus,
  ForkParameterError,
  ForkPlan,
  SyntheticRule,
} from './fork-plan';
import type { ForkPolicy } from './fork-request';
import { ParentRangeBuilder } from './parent-ranges';
import { deepClone } from './transcript/deep-clone';
import type { MessageMeta, ModelMessage, ToolDeclaration, TranscriptMessage, UserModelMessage } from './transcript/transcript';

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

/** A plan for a request the runtime rejects: the errors, and every parent message excluded. */
export function rejectedPlan(policy: ForkPolicy, errors: ForkParameterError[], parentLength: number): ForkPlan {
  const ranges = new ParentRangeBuilder().add(0, parentLength, 'excluded', 'request-rejected', 'the runtime rejects this request, so no child starts');
  return { policy, mode: 'fork', errors, child: null, parent: ranges.ranges, window: null, cache: null, warnings: [] };
}

/** A plan for a regular subagent or teammate: it starts with no parent history. */
export function freshPlan(policy: ForkPolicy, why: string, parentLength: number): ForkPlan {
  const ranges = new ParentRangeBuilder().add(
    0,
    parentLength,
    'excluded',
    'not-a-fork',
    `not a fork (${why}): a regular subagent starts with no parent history`,
  );
  return {
    policy,
    mode: 'fresh',
    errors: [],
    child: null,
    freshReason: why,
    parent: ranges.ranges,
    window: null,
    cache: null,
    warnings: [],
  };
}

/**
 * Per-message dispositions for a contiguous span of the parent, folded into ranges afterwards.
 * Dense on purpose: only the span a policy actually selected is ever this big.
 */
export class SpanDispositions {
  private readonly status: DispositionStatus[];
  private readonly reason: DispositionReason[];

  constructor(
    readonly start: number,
    readonly end: number,
    fill: { status: DispositionStatus; reason: DispositionReason },
  ) {
    const size = Math.max(0, end - start);
    this.status = new Array<DispositionStatus>(size).fill(fill.status);
    this.reason = new Array<DispositionReason>(size).fill(fill.reason);
  }

  set(index: number, status: DispositionStatus, reason: DispositionReason): void {
    if (index < this.start || index >= this.end) return;
    this.status[index - this.start] = status;
    this.reason[index - this.start] = reason;
  }

  flushInto(builder: ParentRangeBuilder, details: Record<DispositionReason, string>): void {
    let runStart = this.start;
    for (let index = this.start + 1; index <= this.end; index++) {
      const k = index - this.start;
      if (index === this.end || this.status[k] !== this.status[k - 1] || this.reason[k] !== this.reason[k - 1]) {
        const reason = this.reason[runStart - this.start]!;
        builder.add(runStart, index, this.status[runStart - this.start]!, reason, details[reason]);
        runStart = index;
      }
    }
  }
}

/** Fork Lab's own check, after the runtime's: a child with a blank task has nothing to do. */
export function blankDirectiveError(directive: string): ForkParameterError | null {
  if (directive.trim() !== '') return null;
  return {
    parameter: 'directive',
    code: 'directive_blank',
    message: 'The directive (the task for the child) must not be blank: say what the child should do.',
  };
}
