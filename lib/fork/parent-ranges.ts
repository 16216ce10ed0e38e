import type { DispositionReason, DispositionStatus, ParentRange } from './fork-plan';

/** Collects parent dispositions in order, folding neighbours with the same reason into one range. */
export class ParentRangeBuilder {
  readonly ranges: ParentRange[] = [];

  add(start: number, end: number, status: DispositionStatus, reason: DispositionReason, detail: string): this {
    if (end <= start) return this;
    const last = this.ranges[this.ranges.length - 1];
    if (last !== undefined && last.end !== start) {
      throw new RangeError(`parent ranges must be added in order: expected ${last.end}, got ${start}`);
    }
    if (last !== undefined && last.reason === reason && last.detail === detail && last.status === status) {
      last.end = end;
    } else {
      this.ranges.push({ start, end, status, reason, detail });
    }
    return this;
  }

  one(index: number, status: DispositionStatus, reason: DispositionReason, detail: string): this {
    return this.add(index, index + 1, status, reason, detail);
  }

  /** The index the next range must start at. */
  get next(): number {
    return this.ranges[this.ranges.length - 1]?.end ?? 0;
  }
}

/** One record per parent message, for views that want them (a timeline), built from the ranges. */
export interface ParentDisposition {
  index: number;
  status: DispositionStatus;
  reason: DispositionReason;
  detail: string;
}

export function expandParentRanges(ranges: readonly ParentRange[]): ParentDisposition[] {
  const out: ParentDisposition[] = [];
  for (const range of ranges) {
    for (let index = range.start; index < range.end; index++) {
      out.push({ index, status: range.status, reason: range.reason, detail: range.detail });
    }
  }
  return out;
}

/** The disposition of one parent message (binary search over the ranges). */
export function dispositionAt(ranges: readonly ParentRange[], index: number): ParentDisposition | undefined {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = ranges[mid]!;
    if (index < range.start) hi = mid - 1;
    else if (index >= range.end) lo = mid + 1;
    else return { index, status: range.status, reason: range.reason, detail: range.detail };
  }
  return undefined;
}
