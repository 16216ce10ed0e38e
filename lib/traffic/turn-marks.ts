import type { CacheSegment } from '@/lib/provider-cache/cache-request';

/** What a segment says of the conversation's turns: where an earlier request ended, and whether the model spoke it. */
export type TurnMarks = Pick<CacheSegment, 'turnBoundary' | 'modelTurn'>;

/** A segment's turn marks, left out where false so a segment carries only what holds of it. */
export function turnMarks(endsTurn: boolean, modelTurn: boolean): TurnMarks {
  return { ...(endsTurn ? { turnBoundary: true as const } : {}), ...(modelTurn ? { modelTurn: true as const } : {}) };
}
