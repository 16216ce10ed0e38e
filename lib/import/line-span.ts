/**
 * The span of source lines the messages of a history came from, so a compaction that replaces that
 * history can say which lines the model no longer saw.
 */
export class LineSpan {
  private first: number | undefined;
  private last: number | undefined;

  add(line: number): void {
    this.first = this.first === undefined ? line : Math.min(this.first, line);
    this.last = this.last === undefined ? line : Math.max(this.last, line);
  }

  /** `line 4` or `lines 4–19`, then forget the span; undefined when nothing was added. */
  take(): string | undefined {
    const { first, last } = this;
    this.first = undefined;
    this.last = undefined;
    if (first === undefined || last === undefined) return undefined;
    return first === last ? `line ${first}` : `lines ${first}–${last}`;
  }
}
