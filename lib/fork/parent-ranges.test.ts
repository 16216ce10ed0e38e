import { describe, expect, it } from 'vitest';
import { dispositionAt, expandParentRanges, ParentRangeBuilder } from './parent-ranges';

describe('ParentRangeBuilder', () => {
  it('folds neighbours with the same disposition and skips empty ranges', () => {
    const builder = new ParentRangeBuilder()
      .add(0, 2, 'inherited', 'in-window', 'd')
      .add(2, 2, 'excluded', 'before-window', 'x')
      .add(2, 3, 'inherited', 'in-window', 'd')
      .one(3, 'excluded', 'trailing-user-message-dropped', 't');
    expect(builder.ranges).toEqual([
      { start: 0, end: 3, status: 'inherited', reason: 'in-window', detail: 'd' },
      { start: 3, end: 4, status: 'excluded', reason: 'trailing-user-message-dropped', detail: 't' },
    ]);
    expect(builder.next).toBe(4);
  });

  it('refuses ranges out of order', () => {
    const builder = new ParentRangeBuilder().add(0, 2, 'inherited', 'in-window', 'd');
    expect(() => builder.add(3, 4, 'inherited', 'in-window', 'd')).toThrow('parent ranges must be added in order: expected 2, got 3');
  });
});

describe('expandParentRanges and dispositionAt', () => {
  const ranges = new ParentRangeBuilder()
    .add(0, 1, 'inherited', 'startup-prefix-kept', 's')
    .add(1, 4, 'excluded', 'before-window', 'b')
    .add(4, 5, 'inherited', 'in-window', 'w').ranges;

  it('expands to one record per parent message', () => {
    expect(expandParentRanges(ranges).map((d) => [d.index, d.reason])).toEqual([
      [0, 'startup-prefix-kept'],
      [1, 'before-window'],
      [2, 'before-window'],
      [3, 'before-window'],
      [4, 'in-window'],
    ]);
  });

  it('finds one message by binary search', () => {
    expect(dispositionAt(ranges, 2)).toEqual({ index: 2, status: 'excluded', reason: 'before-window', detail: 'b' });
    expect(dispositionAt(ranges, 4)?.reason).toBe('in-window');
    expect(dispositionAt(ranges, 5)).toBeUndefined();
    expect(dispositionAt([], 0)).toBeUndefined();
  });
});
