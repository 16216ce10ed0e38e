import type { ToolPairLinks } from '@/lib/fork';

type RowCalls = ToolPairLinks['calls'] extends Map<number, infer T> ? T : never;
type RowResults = ToolPairLinks['results'] extends Map<number, infer T> ? T : never;

/** A jump a row offers: from a tool call to its result, or from a result back to its call. */
export interface PairJump {
  key: string;
  toolCallId: string;
  /** The row at the other end, or null when it is not in the parent (an open call, an orphan result). */
  target: number | null;
  title: string;
  text: string;
}

/** The jumps a row offers, its calls' before its results'. */
export function pairJumps(calls: RowCalls = [], results: RowResults = []): PairJump[] {
  return [
    ...calls.map(({ toolCallId, toolName, resultIndex }) => ({
      key: `c-${toolCallId}`,
      toolCallId,
      target: resultIndex,
      title: resultIndex === null ? `${toolName} (${toolCallId}) has no result yet` : `Result of ${toolName} is #${resultIndex}`,
      text: `${toolName} → ${resultIndex === null ? 'open' : `#${resultIndex}`}`,
    })),
    ...results.map(({ toolCallId, callIndex }) => ({
      key: `r-${toolCallId}`,
      toolCallId,
      target: callIndex,
      title: callIndex === null ? `No call ${toolCallId} before this result` : `Answers the call at #${callIndex}`,
      text: `← ${callIndex === null ? 'no call' : `#${callIndex}`}`,
    })),
  ];
}
