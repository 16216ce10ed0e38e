'use client';

import { forwardRef, type ReactNode, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styles from './virtual-list.module.css';

export interface VirtualListHandle {
  /** Scroll so the item is in view (no scroll when it already is). */
  scrollToIndex(index: number): void;
}

export interface VirtualListProps {
  count: number;
  /** Height of an item not measured yet, in pixels. */
  estimatedHeight: number;
  itemKey(index: number): string;
  renderItem(index: number): ReactNode;
  /** Rendered items beyond the visible area on each side. */
  overscan?: number;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  role?: string;
}

/** Index of the last offset at or before `position`. */
function findIndex(offsets: Float64Array, position: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= position) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/**
 * A scrolling list that renders only the items in view, measuring each rendered item so rows can
 * grow (a folded message opened, a boundary banner) without a fixed row height. A 10,000-message
 * parent renders a few dozen rows, so a window change repaints in milliseconds.
 */
export const VirtualList = forwardRef<VirtualListHandle, VirtualListProps>(function VirtualList(
  { count, estimatedHeight, itemKey, renderItem, overscan = 8, className, ...rest },
  ref,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measureVersion, setMeasureVersion] = useState(0);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: measureVersion is how a rendered row says the heights ref changed
  const offsets = useMemo(() => {
    const result = new Float64Array(count + 1);
    for (let index = 0; index < count; index += 1) {
      result[index + 1] = result[index]! + (heights.current.get(itemKey(index)) ?? estimatedHeight);
    }
    return result;
    // measureVersion: recompute when a rendered item reports a new height.
  }, [count, estimatedHeight, itemKey, measureVersion]);

  const first = Math.max(0, findIndex(offsets, viewport.top) - overscan);
  const last = Math.min(count - 1, findIndex(offsets, viewport.top + viewport.height) + overscan);

  const observer = useRef<ResizeObserver | null>(null);
  const pending = useRef(false);
  const getObserver = useCallback(() => {
    observer.current ??= new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.vkey;
        // A row leaving the document reports a zero size; its last real height still stands.
        if (key === undefined || !entry.target.isConnected) continue;
        const height = Math.ceil(entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight);
        if (heights.current.get(key) !== height) {
          heights.current.set(key, height);
          changed = true;
        }
      }
      if (changed && !pending.current) {
        pending.current = true;
        requestAnimationFrame(() => {
          pending.current = false;
          setMeasureVersion((version) => version + 1);
        });
      }
    });
    return observer.current;
  }, []);
  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );

  const measure = useCallback(
    (element: HTMLDivElement) => {
      getObserver().observe(element);
      return () => observer.current?.unobserve(element);
    },
    [getObserver],
  );

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const update = () => setViewport({ top: element.scrollTop, height: element.clientHeight });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex(index) {
        const element = scroller.current;
        if (element === null || index < 0 || index >= count) return;
        const top = offsets[index]!;
        const bottom = offsets[index + 1]!;
        if (top < element.scrollTop) element.scrollTop = top;
        else if (bottom > element.scrollTop + element.clientHeight) element.scrollTop = bottom - element.clientHeight;
      },
    }),
    [count, offsets],
  );

  const items: ReactNode[] = [];
  for (let index = first; index <= last; index += 1) {
    const key = itemKey(index);
    items.push(
      <div key={key} ref={measure} data-vkey={key} className={styles.item} style={{ transform: `translateY(${offsets[index]}px)` }}>
        {renderItem(index)}
      </div>,
    );
  }

  return (
    <div ref={scroller} className={`${styles.scroller} ${className ?? ''}`} {...rest}>
      <div className={styles.spacer} style={{ height: offsets[count] }}>
        {items}
      </div>
    </div>
  );
});
