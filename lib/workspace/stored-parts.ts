import { deepFreeze, FrozenListBuilder, isDeepFrozen } from '@/lib/fork';
import { ITEMS_PER_SLICE, jsonSlices } from '@/lib/json/json-slices';
import { yieldToEventLoop } from '@/lib/slicing/yield-to-event-loop';

/**
 * A workspace as it is stored: a small skeleton, and each big history in it (a parent's transcript,
 * a child's plan, bootstrap and own messages) as a part of its own. Histories in the store are
 * deep-frozen and replaced, never edited, so a part is written once under an id that stays with
 * its object: a change of the fork controls rewrites the skeleton, not the 50 MB parent beside it.
 * Within a part, long arrays are kept as slices of JSON, each written and read in its own turn of
 * the event loop, so neither saving nor loading a big parent stalls the page.
 */
export interface StoredWorkspaceRoot {
  format: 2;
  /** The value as JSON, with every part replaced by null. */
  json: string;
  parts: { path: PathKey[]; id: string }[];
}

/**
 * One history: its JSON with its long arrays emptied, and how many slices of JSON each of those
 * arrays was written as. Each slice is a record of its own: one record holding them all would be
 * copied by IndexedDB in one go, the very stall slicing avoids.
 */
export interface StoredPart {
  json: string;
  arrays: { path: PathKey[]; slices: number }[];
}

/** Writes slice `slice` of array `array` of a part; reads it back. */
export type WriteSlice = (array: number, slice: number, json: string) => Promise<void>;
export type ReadSlice = (array: number, slice: number) => Promise<unknown>;

type PathKey = string | number;

const PART_KEYS = new Set(['transcript', 'plan', 'bootstrap', 'ownMessages']);
/** Slices read from the store at once while one is parsed: a few megabytes held, not the whole part. */
const READS_AHEAD = 8;
/** How deep below a part its long arrays are looked for (a plan's messages sit at depth 2). */
const SLICED_DEPTH = 3;

const partIds = new WeakMap<object, string>();
let nextPartId = 0;

/** The id a deep-frozen history is stored under: the same for as long as the object lives. */
export function partIdOf(member: object): string {
  let id = partIds.get(member);
  if (id === undefined) {
    id = `${Date.now().toString(36)}-${(nextPartId++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    partIds.set(member, id);
  }
  return id;
}

const isPart = (key: PathKey, member: unknown): member is object =>
  typeof key === 'string' && PART_KEYS.has(key) && member !== null && typeof member === 'object' && isDeepFrozen(member);

/** The skeleton of `value` and where its parts are, each with the object it stands for. */
export function splitWorkspace(value: unknown): { root: StoredWorkspaceRoot; members: Map<string, object> } {
  const members = new Map<string, object>();
  const parts: StoredWorkspaceRoot['parts'] = [];
  const replaced = new Set<object>();
  const pending: { path: PathKey[]; member: unknown }[] = [{ path: [], member: value }];
  while (pending.length > 0) {
    const { path, member } = pending.pop()!;
    if (member === null || typeof member !== 'object') continue;
    const key = path.at(-1);
    if (key !== undefined && isPart(key, member)) {
      const id = partIdOf(member);
      members.set(id, member);
      parts.push({ path, id });
      replaced.add(member);
      continue;
    }
    const entries: [PathKey, unknown][] = Array.isArray(member) ? member.map((child, index) => [index, child]) : Object.entries(member);
    for (const [childKey, child] of entries) pending.push({ path: [...path, childKey], member: child });
  }
  const json = JSON.stringify(value, (_key, member: unknown) => (typeof member === 'object' && member !== null && replaced.has(member) ? null : member));
  return { root: { format: 2, json, parts }, members };
}

/** A history as a stored part, a slice of each long array at a time, each slice written as it is made. */
export async function storedPartOf(member: object, writeSlice: WriteSlice): Promise<StoredPart> {
  const long: { path: PathKey[]; items: unknown[] }[] = [];
  const pending: { path: PathKey[]; value: unknown }[] = [{ path: [], value: member }];
  while (pending.length > 0) {
    const { path, value } = pending.pop()!;
    if (value === null || typeof value !== 'object' || path.length > SLICED_DEPTH) continue;
    if (Array.isArray(value)) {
      if (value.length > ITEMS_PER_SLICE) long.push({ path, items: value });
      continue;
    }
    for (const [key, child] of Object.entries(value)) pending.push({ path: [...path, key], value: child });
  }
  const emptied = new Set<unknown>(long.map(({ items }) => items));
  const json = JSON.stringify(member, (_key, value: unknown) => (emptied.has(value) ? [] : value));
  const arrays: StoredPart['arrays'] = [];
  for (const [array, { path, items }] of long.entries()) {
    let slices = 0;
    for await (const slice of jsonSlices(items)) await writeSlice(array, slices++, slice);
    arrays.push({ path, slices });
  }
  return { json, arrays };
}

/**
 * A stored part back as the deep-frozen history it was, a slice at a time. It keeps its id, so
 * the next save does not write it again.
 */
export async function readStoredPart(part: StoredPart, id: string, readSlice: ReadSlice): Promise<object> {
  let value = JSON.parse(part.json) as object;
  for (const [array, { path, slices }] of part.arrays.entries()) {
    const items = new FrozenListBuilder<unknown>();
    // Reads asked for ahead of the one being parsed: each is a round trip to the store's own thread
    // (an IndexedDB transaction), and one at a time a 70,000-message parent's 180 slices spent
    // 2.5 s of a reload waiting, the page idle.
    const ahead: Promise<unknown>[] = [];
    const ask = (slice: number) => {
      if (slice >= slices) return;
      const read = readSlice(array, slice);
      // Awaited in turn below; a read still ahead when an earlier slice fails is not left unhandled.
      read.catch(() => undefined);
      ahead.push(read);
    };
    for (let slice = 0; slice < READS_AHEAD; slice++) ask(slice);
    for (let slice = 0; slice < slices; slice++) {
      const json = await ahead.shift()!;
      ask(slice + READS_AHEAD);
      if (typeof json !== 'string') throw new Error(`slice ${slice} of stored part ${id} is missing`);
      const parsed = JSON.parse(json) as unknown;
      if (!Array.isArray(parsed)) throw new Error(`slice ${slice} of stored part ${id} is not a list`);
      // Frozen a slice at a time: the store keeps frozen histories, and freezing 50 MB at once
      // would be the stall this format exists to avoid.
      for (const item of parsed) items.add(item);
      await yieldToEventLoop();
    }
    // Every item is frozen through already: the list is vouched for without a walk of its indexes.
    const list = items.finish();
    if (path.length === 0) value = list;
    else setAt(value, path, list);
  }
  deepFreeze(value);
  partIds.set(value, id);
  return value;
}

/** The workspace from its skeleton and its parts, read by id. */
export function joinWorkspace(root: StoredWorkspaceRoot, parts: ReadonlyMap<string, object>): unknown {
  const value = JSON.parse(root.json) as unknown;
  for (const { path, id } of root.parts) {
    const part = parts.get(id);
    if (part === undefined) throw new Error(`stored part ${id} is missing`);
    setAt(value, path, part);
  }
  return value;
}

export function isStoredWorkspaceRoot(value: unknown): value is StoredWorkspaceRoot {
  const root = value as Partial<StoredWorkspaceRoot> | null;
  return typeof root === 'object' && root !== null && root.format === 2 && typeof root.json === 'string' && Array.isArray(root.parts);
}

export function isStoredPart(value: unknown): value is StoredPart {
  const part = value as Partial<StoredPart> | null;
  return (
    typeof part === 'object' &&
    part !== null &&
    typeof part.json === 'string' &&
    Array.isArray(part.arrays) &&
    part.arrays.every((array) => Array.isArray(array?.path) && Number.isInteger(array.slices) && array.slices >= 0)
  );
}

function setAt(target: unknown, path: readonly PathKey[], value: unknown): void {
  if (path.length === 0) throw new Error('a stored part cannot replace the whole value');
  let holder = target as Record<PathKey, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(holder, key) ? holder[key] : undefined;
    if (next === null || typeof next !== 'object') throw new Error(`stored path ${path.join('.')} does not exist`);
    holder = next as Record<PathKey, unknown>;
  }
  const last = path.at(-1)!;
  if (!Object.hasOwn(holder, last)) throw new Error(`stored path ${path.join('.')} does not exist`);
  // Defined, not assigned: a key named `__proto__` must stay a key.
  Object.defineProperty(holder, last, { value, enumerable: true, writable: true, configurable: true });
}
