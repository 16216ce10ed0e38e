import type { DispositionReason, DispositionStatus } from '../fork-plan';
import type { ParentRangeBuilder } from '../parent-ranges';

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
