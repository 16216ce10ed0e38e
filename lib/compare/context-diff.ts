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

/** Where a message stands against the parent: after which parent message, copy or added. */
interface Placed {
  position: number;
  place: number;
  message: ChildMessage;
  /** Set for a copy of parent messages; the alignment key. */
  parentIds: string | null;
  /** Set for an added message: the rule that wrote it, the alignment key among added ones. */
  rule: string | null;
}

function placeAll(messages: readonly ChildMessage[]): Map<number, Placed[]> {
  const places = new Map<number, Placed[]>();
  let place = -1;
  messages.forEach((message, position) => {
    const source = message.source;
    const copy = source.kind === 'copy';
    if (copy) place = Math.max(place, ...source.parentIndexes);
    const placed = places.get(place) ?? [];
    places.set(place, placed);
    placed.push({ position, place, message, parentIds: copy ? source.parentIds.join('+') : null, rule: copy ? null : source.rule });
  });
  return places;
}

/** Two child messages carry the same content for the model (metadata is not sent). */
export function sameMessage(a: ChildMessage, b: ChildMessage): boolean {
  if (a.message === b.message) return true;
  const plainCopy = (message: ChildMessage) => message.source.kind === 'copy' && message.source.change === undefined;
  if (plainCopy(a) && plainCopy(b) && a.source.kind === 'copy' && b.source.kind === 'copy') {
    if (a.source.parentIds.join('+') === b.source.parentIds.join('+')) return true;
  }
  return JSON.stringify(a.message) === JSON.stringify(b.message);
}

function pair(left: Placed, right: Placed): DiffEntry {
  return sameMessage(left.message, right.message)
    ? { kind: 'same', left: left.position, right: right.position }
    : { kind: 'changed', left: left.position, right: right.position };
}

/** The messages at one place: the copy of that parent message, then what the runtime added after it. */
function diffPlace(left: readonly Placed[], right: readonly Placed[]): DiffEntry[] {
  const leftCopy = left.find((item) => item.parentIds !== null);
  const rightCopy = right.find((item) => item.parentIds !== null);
  const out: DiffEntry[] = [];
  if (leftCopy !== undefined && rightCopy !== undefined) out.push(pair(leftCopy, rightCopy));
  else if (leftCopy !== undefined) out.push({ kind: 'removed', left: leftCopy.position });
  else if (rightCopy !== undefined) out.push({ kind: 'added', right: rightCopy.position });
  // Added messages are few at any one place: align them by the rule that wrote them.
  const leftAdded = left.filter((item) => item.rule !== null);
  const rightAdded = right.filter((item) => item.rule !== null);
  if (leftAdded.length === 0 && rightAdded.length === 0) return out;
  let l = 0;
  let r = 0;
  for (const change of diffArrays(leftAdded, rightAdded, { comparator: (a, b) => a.rule === b.rule })) {
    for (let k = 0; k < change.count; k += 1) {
      if (change.removed) out.push({ kind: 'removed', left: leftAdded[l++]!.position });
      else if (change.added) out.push({ kind: 'added', right: rightAdded[r++]!.position });
      else out.push(pair(leftAdded[l++]!, rightAdded[r++]!));
    }
  }
  return out;
}

/**
 * Two requests, message by message, aligned by the parent messages they copy: a copy of the same
 * parent message on both sides is `same` or `changed`, a copy on one side only is `removed` or
 * `added`, and messages a runtime wrote are aligned by their rule at the place they stand. Linear
 * in the two requests (the rule alignment runs on the handful of added messages at one place).
 */
export function contextDiff(left: readonly ChildMessage[], right: readonly ChildMessage[]): ContextDiff {
  const leftPlaces = placeAll(left);
  const rightPlaces = placeAll(right);
  const places = [...new Set([...leftPlaces.keys(), ...rightPlaces.keys()])].sort((a, b) => a - b);
  const entries = places.flatMap((place) => diffPlace(leftPlaces.get(place) ?? [], rightPlaces.get(place) ?? []));
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
