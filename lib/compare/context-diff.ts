import { diffArrays } from 'diff';
import type { ChildMessage, TranscriptMessage } from '@/lib/fork';

/** One line of a message-level diff; positions index the two requests. */
export type DiffEntry =
  | { kind: 'same'; left: number; right: number }
  | { kind: 'changed'; left: number; right: number }
  | { kind: 'removed'; left: number }
  | { kind: 'added'; right: number };

export interface ContextDiff {
  entries: DiffEntry[];
  counts: Record<DiffEntry['kind'], number>;
  /**
   * Index in `entries` of the first line that is not `same`: where the right request stops
   * repeating the left one message for message. A provider's prefix cache can reuse nothing after
   * it. Null when the two requests are the same.
   */
  firstMismatch: number | null;
}

/** The messages of one request at one place: the copy of that parent message, then what a runtime added after it. */
interface PlaceGroup {
  place: number;
  copy: number | null;
  added: number[];
  /** Index in the request just past this group. */
  end: number;
}

/** The parent message a copy stands at: its last one (a merged message stands where its last part stood). */
function copyPlace(message: ChildMessage): number | null {
  const source = message.source;
  if (source.kind !== 'copy') return null;
  let place = -1;
  for (const index of source.parentIndexes) if (index > place) place = index;
  return place;
}

/**
 * The group starting at `start`: a copy (when there is one) and the added messages after it,
 * up to the next copy. Requests keep the parent's order, so places only grow along a request.
 */
function groupAt(messages: readonly ChildMessage[], start: number, previousPlace: number): PlaceGroup {
  const first = copyPlace(messages[start]!);
  const group: PlaceGroup = { place: first ?? previousPlace, copy: first === null ? null : start, added: [], end: start + (first === null ? 0 : 1) };
  while (group.end < messages.length && copyPlace(messages[group.end]!) === null) group.added.push(group.end++);
  return group;
}

function rulesOf(messages: readonly ChildMessage[], positions: readonly number[]): string[] {
  return positions.map((position) => {
    const source = messages[position]!.source;
    return source.kind === 'synthetic' ? source.rule : '';
  });
}

/**
 * Two child messages carry the same content for the model (metadata is not sent). Compared by
 * content, not by the parent rows they copy: the Agent call Fork Lab writes for a fork at the
 * parent's end has the same id in every variant and each variant's own input.
 */
export function sameMessage(a: ChildMessage, b: ChildMessage): boolean {
  return a.message === b.message || JSON.stringify(a.message) === JSON.stringify(b.message);
}

function pair(left: readonly ChildMessage[], right: readonly ChildMessage[], l: number, r: number): DiffEntry {
  return sameMessage(left[l]!, right[r]!) ? { kind: 'same', left: l, right: r } : { kind: 'changed', left: l, right: r };
}

/** Two groups at one place: their copies paired, their added messages aligned by the rule that wrote them. */
function diffPlace(left: readonly ChildMessage[], right: readonly ChildMessage[], l: PlaceGroup | null, r: PlaceGroup | null, out: DiffEntry[]): void {
  const leftCopy = l?.copy ?? null;
  const rightCopy = r?.copy ?? null;
  if (leftCopy !== null && rightCopy !== null) out.push(pair(left, right, leftCopy, rightCopy));
  else if (leftCopy !== null) out.push({ kind: 'removed', left: leftCopy });
  else if (rightCopy !== null) out.push({ kind: 'added', right: rightCopy });
  const leftAdded = l?.added ?? [];
  const rightAdded = r?.added ?? [];
  if (leftAdded.length === 0 && rightAdded.length === 0) return;
  if (rightAdded.length === 0) for (const position of leftAdded) out.push({ kind: 'removed', left: position });
  else if (leftAdded.length === 0) for (const position of rightAdded) out.push({ kind: 'added', right: position });
  else {
    // Added messages are few at any one place: align them by the rule that wrote them.
    let a = 0;
    let b = 0;
    for (const change of diffArrays(rulesOf(left, leftAdded), rulesOf(right, rightAdded))) {
      for (let k = 0; k < change.count; k += 1) {
        if (change.removed) out.push({ kind: 'removed', left: leftAdded[a++]! });
        else if (change.added) out.push({ kind: 'added', right: rightAdded[b++]! });
        else out.push(pair(left, right, leftAdded[a++]!, rightAdded[b++]!));
      }
    }
  }
}

/**
 * Two requests, message by message, aligned by the parent messages they copy: a copy of the same
 * parent message on both sides is `same` or `changed`, a copy on one side only is `removed` or
 * `added`, and messages a runtime wrote are aligned by their rule at the place they stand. One
 * pass over both requests, as a merge by place (the rule alignment runs on the handful of added
 * messages at one place).
 */
export function contextDiff(left: readonly ChildMessage[], right: readonly ChildMessage[]): ContextDiff {
  const entries: DiffEntry[] = [];
  let l: PlaceGroup | null = left.length === 0 ? null : groupAt(left, 0, -1);
  let r: PlaceGroup | null = right.length === 0 ? null : groupAt(right, 0, -1);
  const next = (messages: readonly ChildMessage[], group: PlaceGroup) => (group.end < messages.length ? groupAt(messages, group.end, group.place) : null);
  while (l !== null || r !== null) {
    if (r === null || (l !== null && l.place < r.place)) {
      diffPlace(left, right, l, null, entries);
      l = next(left, l!);
    } else if (l === null || r.place < l.place) {
      diffPlace(left, right, null, r, entries);
      r = next(right, r);
    } else {
      diffPlace(left, right, l, r, entries);
      l = next(left, l);
      r = next(right, r);
    }
  }
  const counts = { same: 0, changed: 0, removed: 0, added: 0 };
  for (const entry of entries) counts[entry.kind] += 1;
  const first = entries.findIndex((entry) => entry.kind !== 'same');
  return { entries, counts, firstMismatch: first < 0 ? null : first };
}

/** The parent's next request as child messages (unchanged copies of itself), to diff a child against. */
export function parentRequest(messages: readonly TranscriptMessage[], end = messages.length): ChildMessage[] {
  return messages.slice(0, end).map((entry, index) => ({
    message: entry.message,
    source: { kind: 'copy', parentIndexes: [index], parentIds: [entry.id] },
  }));
}
