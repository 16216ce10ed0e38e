'use client';

import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { VirtualList, type VirtualListHandle } from '@/components/virtual-list/virtual-list';
import {
  dispositionAt,
  extendToolPairs,
  linkToolPairs,
  type MessageClassification,
  type ParentRange,
  type ToolPairLinks,
  type TranscriptMessage,
} from '@/lib/fork';
import styles from './timeline.module.css';
import { TimelineRow } from './timeline-row';

export interface ParentTimelineHandle {
  scrollToIndex(index: number): void;
}

export interface ParentTimelineProps {
  messages: readonly TranscriptMessage[];
  /** Rows from this index on are not in the parent yet: Fork Lab writes them at launch. */
  pendingFrom: number | null;
  classifications: readonly (MessageClassification | undefined)[];
  ranges: readonly ParentRange[] | null;
  windowStart: number | null;
  windowDescription: string;
  /** Index of the first message after an earlier fork point, or null when forking at the end. */
  forkPoint: number | null;
  tokens: readonly number[] | null;
  cursor: number | null;
  canStartWindow: boolean;
  onStartWindow(index: number): void;
  onForkAfter(index: number): void;
  onDelete(index: number): void;
}

const linked = new WeakMap<readonly TranscriptMessage[], ToolPairLinks>();

function startsWith(messages: readonly TranscriptMessage[], prefix: readonly TranscriptMessage[]): boolean {
  if (prefix.length > messages.length) return false;
  for (let index = 0; index < prefix.length; index++) if (messages[index] !== prefix[index]) return false;
  return true;
}

/**
 * The rows' tool-call links. When the preview adds the Agent call Fork Lab will write, the rows are
 * the parent's plus one: the parent's links are extended by that row instead of walking a 30,000-
 * message parent again in the same frame.
 */
function useToolPairs(messages: readonly TranscriptMessage[]): ToolPairLinks {
  const last = useRef<readonly TranscriptMessage[] | null>(null);
  return useMemo(() => {
    let pairs = linked.get(messages);
    if (pairs === undefined) {
      const previous = last.current;
      const known = previous === null ? undefined : linked.get(previous);
      pairs =
        previous !== null && known !== undefined && startsWith(messages, previous)
          ? extendToolPairs(known, previous.length, messages)
          : linkToolPairs(messages);
      linked.set(messages, pairs);
    }
    last.current = messages;
    return pairs;
  }, [messages]);
}

/** The parent conversation as a virtualized list of rows, with the fork window drawn on it. */
export const ParentTimeline = forwardRef<ParentTimelineHandle, ParentTimelineProps>(function ParentTimeline(props, ref) {
  const { messages, classifications, ranges, windowStart, forkPoint, tokens, cursor } = props;
  const list = useRef<VirtualListHandle>(null);
  // The message being edited, by id: an index would move to another message when one above it is
  // deleted or the transcript is replaced.
  const [editing, setEditing] = useState<string | null>(null);
  const onEdit = useCallback((index: number | null) => setEditing(index === null ? null : (messages[index]?.id ?? null)), [messages]);
  const pairs = useToolPairs(messages);

  useImperativeHandle(ref, () => ({ scrollToIndex: (index) => list.current?.scrollToIndex(index) }), []);
  const itemKey = useCallback((index: number) => messages[index]?.id ?? String(index), [messages]);
  const jump = useCallback((index: number) => list.current?.scrollToIndex(index), []);
  // Rows are memoised, and the page's handlers are new functions on each of its renders: rows get
  // stable ones that call the latest.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onStartWindow = useCallback((index: number) => latest.current.onStartWindow(index), []);
  const onForkAfter = useCallback((index: number) => latest.current.onForkAfter(index), []);
  const onDelete = useCallback((index: number) => latest.current.onDelete(index), []);

  const renderItem = (index: number) => (
    <TimelineRow
      index={index}
      entry={messages[index]!}
      classification={classifications[index]}
      disposition={ranges === null ? undefined : dispositionAt(ranges, index)}
      tokens={tokens?.[index]}
      calls={pairs.calls.get(index)}
      results={pairs.results.get(index)}
      windowBoundary={index === windowStart ? props.windowDescription : null}
      forkPointHere={forkPoint !== null && index === forkPoint}
      cursor={index === cursor}
      pending={props.pendingFrom !== null && index >= props.pendingFrom}
      canStartWindow={props.canStartWindow}
      editing={editing !== null && messages[index]?.id === editing}
      onStartWindow={onStartWindow}
      onForkAfter={onForkAfter}
      onJump={jump}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );

  return (
    <VirtualList
      ref={list}
      className={styles.timeline}
      count={messages.length}
      estimatedHeight={84}
      itemKey={itemKey}
      renderItem={renderItem}
      data-testid="timeline"
      aria-label="Parent conversation"
      role="list"
    />
  );
});
