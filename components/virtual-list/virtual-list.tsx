'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, type ReactNode, useCallback, useImperativeHandle, useRef } from 'react';
import styles from './virtual-list.module.css';

export interface VirtualListHandle {
  /** Scroll so the item is in view (no scroll when it already is). */
  scrollToIndex(index: number): void;
}

/** Items keyed by where they stand: for lists whose items are only ever replaced whole. */
export const keyByIndex = (index: number): string => String(index);

export interface VirtualListProps {
  count: number;
  /** Height of an item not measured yet, in pixels. */
  estimatedHeight: number;
  /**
   * Each item's key. Keep its identity while the keys stay the same (a module constant such as
   * {@link keyByIndex}, or a `useCallback`): a new function tells the list every key may have
   * changed, and it lays out all its items again, 100 ms on a 70,000-message parent at every render.
   */
  itemKey(index: number): string;
  renderItem(index: number): ReactNode;
  /** Rendered items beyond the visible area on each side. */
  overscan?: number;
  /**
   * Every item is exactly `estimatedHeight` tall (one line, clipped): nothing is measured, so a
   * scroll renders the new rows without a layout read per row.
   */
  fixedHeight?: boolean;
  /** The list is as tall as its items, up to the `max-height` its class sets, instead of a fixed height. */
  fitHeight?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  role?: string;
  /** 0 for a list whose rows hold nothing focusable, so a keyboard can still scroll it. */
  tabIndex?: number;
}

/**
 * A scrolling list that renders only the items in view, measuring each rendered item so rows can
 * grow (a folded message opened, a boundary banner) without a fixed row height. A 10,000-message
 * parent renders a few dozen rows, so a window change repaints in milliseconds.
 */
export const VirtualList = forwardRef<VirtualListHandle, VirtualListProps>(function VirtualList(
  { count, estimatedHeight, itemKey, renderItem, overscan = 10, fixedHeight = false, fitHeight = false, className, ...rest },
  ref,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const estimateSize = useCallback(() => estimatedHeight, [estimatedHeight]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey: itemKey,
    overscan,
    // Render on React's schedule, as a state update from the scroll event would, not synchronously
    // inside every scroll event: measured on the 10,000-message timeline, the synchronous default
    // brought long tasks to scrolling that the hand-written list did not have, and slowed window changes.
    useFlushSync: false,
    // Until the scroller is laid out, render the rows of a typical first screen rather than none.
    initialRect: { width: 0, height: 800 },
    // Rows put their own data-index on themselves (tests find rows by it); the wrapper must not carry one too.
    indexAttribute: 'data-vindex',
  });

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex(index) {
        if (index >= 0 && index < count) virtualizer.scrollToIndex(index, { align: 'auto' });
      },
    }),
    [count, virtualizer],
  );

  return (
    <div ref={scroller} className={`${styles.scroller} ${fitHeight ? styles.fitHeight : ''} ${className ?? ''}`} {...rest}>
      <div className={styles.spacer} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            ref={fixedHeight ? undefined : virtualizer.measureElement}
            data-vindex={item.index}
            className={styles.item}
            style={fixedHeight ? { transform: `translateY(${item.start}px)`, height: estimatedHeight } : { transform: `translateY(${item.start}px)` }}
          >
            {renderItem(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
});
