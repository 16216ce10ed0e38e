import type { ChildMessage, ParentRange } from '@/lib/fork';

/** What the grid needs of one variant's plan: its dispositions and the child's first request. */
export interface GridVariant {
  /** The runtime refused the call: its column says so and it takes no part in agreement. */
  rejected: boolean;
  /** The plan's parent ranges (every parent message exactly once, in order). */
  ranges: readonly ParentRange[];
  /** The child's first request (initial messages, then the first prompt); empty for no child. */
  request: readonly ChildMessage[];
}

/** A parent message: each variant's disposition of it (the plan's range object, shared). */
export interface ParentGridRow {
  kind: 'parent';
  index: number;
  cells: (ParentRange | null)[];
  /** The variants the runtime accepted do not all treat it alike. */
  differs: boolean;
}

/**
 * A message some child has and the parent does not, at the place it stands in those children: a
 * placeholder, a notice, a closed call, the directive, or the Agent call Fork Lab writes for a fork
 * at the end of the parent.
 */
export interface AddedGridRow {
  kind: 'added';
  /** The parent message it follows (-1: before any). */
  afterIndex: number;
  /** The rule that wrote it, or `agent-call-written`. */
  rule: string;
  message: ChildMessage;
  /** Which variants have it. */
  present: boolean[];
  differs: boolean;
}

export type GridRow = ParentGridRow | AddedGridRow;

export interface InheritanceGrid {
  rows: GridRow[];
  /** Rows on which the accepted variants disagree. */
  differing: number;
  /** The variants the runtime accepted, by position: the ones whose agreement the grid reads. */
  accepted: number[];
}

/** An added message's rule: a runtime's synthetic rule, or the Agent call copied past the parent's end. */
function addedRule(message: ChildMessage, parentLength: number): string | null {
  if (message.source.kind === 'synthetic') return message.source.rule;
  return message.source.parentIndexes.some((index) => index >= parentLength) ? 'agent-call-written' : null;
}

interface AddedSlot {
  key: string;
  row: AddedGridRow;
}

/**
 * Merge one variant's added messages at one place into the rows already there, keeping the order
 * each variant has them in: an item seen before moves the cursor past it, a new one goes in at
 * the cursor.
 */
function mergeAdded(
  slots: AddedSlot[],
  items: readonly { key: string; rule: string; message: ChildMessage }[],
  variant: number,
  width: number,
  afterIndex: number,
): void {
  let cursor = 0;
  for (const item of items) {
    const found = slots.findIndex((slot, position) => position >= cursor && slot.key === item.key);
    if (found >= 0) {
      slots[found]!.row.present[variant] = true;
      cursor = found + 1;
      continue;
    }
    const present = new Array<boolean>(width).fill(false);
    present[variant] = true;
    slots.splice(cursor, 0, { key: item.key, row: { kind: 'added', afterIndex, rule: item.rule, message: item.message, present, differs: false } });
    cursor += 1;
  }
}

/** Each variant's added messages, grouped by the parent message they follow. */
function addedByPlace(variants: readonly GridVariant[], parentLength: number): Map<number, AddedSlot[]> {
  const places = new Map<number, AddedSlot[]>();
  variants.forEach((variant, k) => {
    const pending = new Map<number, { key: string; rule: string; message: ChildMessage }[]>();
    let after = -1;
    for (const message of variant.request) {
      const rule = addedRule(message, parentLength);
      if (rule === null) {
        if (message.source.kind === 'copy') after = Math.max(after, ...message.source.parentIndexes);
        continue;
      }
      // Same place, same rule, same content: one row, whichever children have it.
      const key = `${rule}\u0000${JSON.stringify(message.message)}`;
      const items = pending.get(after) ?? [];
      items.push({ key, rule, message });
      pending.set(after, items);
    }
    for (const [place, items] of pending) {
      const slots = places.get(place) ?? [];
      places.set(place, slots);
      mergeAdded(slots, items, k, variants.length, place);
    }
  });
  return places;
}

function sameCell(a: ParentRange | null, b: ParentRange | null): boolean {
  return a?.status === b?.status && a?.reason === b?.reason;
}

/**
 * Every variant's treatment of every parent message side by side, with the messages the children
 * have that the parent does not inserted where they stand. Each variant's ranges are walked once,
 * so the grid is linear in messages × variants; a cell is the plan's own range object.
 */
export function inheritanceGrid(parentLength: number, variants: readonly GridVariant[]): InheritanceGrid {
  const accepted = variants.flatMap((variant, k) => (variant.rejected ? [] : [k]));
  const places = addedByPlace(variants, parentLength);
  const cursors = variants.map(() => 0);
  const rows: GridRow[] = [];
  let differing = 0;
  const pushAdded = (place: number) => {
    for (const { row } of places.get(place) ?? []) {
      row.differs = accepted.some((k) => row.present[k] !== row.present[accepted[0]!]);
      if (row.differs) differing += 1;
      rows.push(row);
    }
  };
  pushAdded(-1);
  for (let index = 0; index < parentLength; index += 1) {
    const cells = variants.map((variant, k) => {
      let cursor = cursors[k]!;
      while (cursor < variant.ranges.length && variant.ranges[cursor]!.end <= index) cursor += 1;
      cursors[k] = cursor;
      const range = variant.ranges[cursor];
      return range !== undefined && range.start <= index ? range : null;
    });
    const differs = accepted.some((k) => !sameCell(cells[k]!, cells[accepted[0]!]!));
    if (differs) differing += 1;
    rows.push({ kind: 'parent', index, cells, differs });
    pushAdded(index);
  }
  // Added messages after a place past the parent (none today) would otherwise be lost.
  for (const place of places.keys()) if (place >= parentLength) pushAdded(place);
  return { rows, differing, accepted };
}
