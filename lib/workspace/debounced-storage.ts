import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { isStoredPart, isStoredWorkspaceRoot, joinWorkspace, partIdOf, readStoredPart, splitWorkspace, storedPartOf } from './stored-parts';

export type SaveStatus = 'saved' | 'pending' | 'failed';

/** Where a workspace is written: values by key (IndexedDB in the browser, a map in tests). */
export interface KeyValueBackend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

export interface DebouncedStorage<S> extends PersistStorage<S> {
  /** Write the latest state now. */
  flush(): Promise<void>;
  status(): SaveStatus;
  /** Called whenever the save status changes; the error says why a write failed. */
  onStatus(listener: (status: SaveStatus, error?: unknown) => void): () => void;
  /**
   * A note kept beside a stored history (what the server answered for it, say), under `label`:
   * it goes when the history's part goes, so it never outlives what it is about. Best effort: a
   * note is a cache, and one that failed to write is only missing.
   */
  keepNote(name: string, history: object, label: string, note: unknown): Promise<void>;
  /** The note kept beside `history` under `label`, or undefined. */
  readNote(name: string, history: object, label: string): Promise<unknown>;
  dropNote(name: string, history: object, label: string): Promise<void>;
}

const partKey = (name: string, id: string) => `${name}:part:${id}`;
const sliceKey = (part: string, array: number, slice: number) => `${part}:${array}:${slice}`;
const noteKey = (name: string, history: object, label: string) => `${partKey(name, partIdOf(history))}:note:${label}`;
/** The part a key belongs to (a part's head or one of its slices), or null for another key. */
function partOfKey(name: string, key: string): string | null {
  const prefix = partKey(name, '');
  return key.startsWith(prefix) ? partKey(name, key.slice(prefix.length).split(':')[0]!) : null;
}

/**
 * Persist storage that writes the latest state at most once per `delayMs`, as a skeleton and its
 * parts (see `stored-parts`): a part already written is not written again, and a part no longer
 * used is deleted once the skeleton that dropped it is written. The newest state always wins; a
 * failed write (quota, a closed database) is reported, and the state in memory is untouched.
 */
export function debouncedStorage<S>(backend: KeyValueBackend, delayMs = 250): DebouncedStorage<S> {
  let latest: { name: string; value: StorageValue<S> } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: SaveStatus = 'saved';
  const listeners = new Set<(status: SaveStatus, error?: unknown) => void>();
  const report = (status: SaveStatus, error?: unknown) => {
    current = status;
    for (const listener of listeners) listener(status, error);
  };
  // Writes run one after another: a write still slicing a big parent must not land after a newer
  // one and put an older workspace back.
  let writing: Promise<void> = Promise.resolve();
  // Bumped by a removal: a write that started before it must not bring the removed state back.
  let generation = 0;

  async function write(name: string, value: StorageValue<S>, startedIn: number): Promise<void> {
    const { root, members } = splitWorkspace(value);
    // What is there now, not what this page remembers writing: another tab may have reset the
    // workspace, and a skeleton naming a part that is gone would lose the whole workspace.
    const present = new Set(await backend.keys());
    for (const [id, member] of members) {
      const key = partKey(name, id);
      // A head is written after its slices, so a part whose head is there is whole.
      if (present.has(key)) continue;
      // Not given up for a newer state: it most likely still holds this history.
      const part = await storedPartOf(member, async (array, slice, json) => {
        if (generation === startedIn) await backend.set(sliceKey(key, array, slice), json);
      });
      if (generation !== startedIn) return;
      await backend.set(key, part);
    }
    // A newer state came while the parts were being sliced (it is written next, and this one would
    // only be overwritten), or the storage was cleared meanwhile.
    if (latest !== null || generation !== startedIn) return;
    await backend.set(name, root);
    // Parts no skeleton names any more go. The names are taken from the skeleton stored now, which
    // another tab may have written since this one: its parts stay.
    const stored = await backend.get(name);
    const used = new Set(isStoredWorkspaceRoot(stored) ? stored.parts.map(({ id }) => partKey(name, id)) : []);
    for (const key of await backend.keys()) {
      const part = partOfKey(name, key);
      if (part !== null && !used.has(part)) await backend.del(key);
    }
  }

  async function writeLatest(): Promise<void> {
    const pending = latest;
    latest = null;
    if (pending === null) return;
    try {
      await write(pending.name, pending.value, generation);
      if (latest === null) report('saved');
    } catch (error) {
      report('failed', error);
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    writing = writing.then(writeLatest);
    return writing;
  }

  return {
    async getItem(name) {
      const stored = await backend.get(name);
      try {
        // What was saved before parts existed: the whole workspace as one JSON text.
        if (typeof stored === 'string') return JSON.parse(stored) as StorageValue<S>;
        if (!isStoredWorkspaceRoot(stored)) return null;
        const parts = new Map<string, object>();
        for (const { id } of stored.parts) {
          if (parts.has(id)) continue;
          const key = partKey(name, id);
          const part = await backend.get(key);
          if (!isStoredPart(part)) return null;
          parts.set(id, await readStoredPart(part, id, (array, slice) => backend.get(sliceKey(key, array, slice))));
        }
        return joinWorkspace(stored, parts) as StorageValue<S>;
      } catch {
        // Unreadable storage is treated as empty; the next save replaces it.
        return null;
      }
    },
    setItem(name, value) {
      latest = { name, value };
      if (current !== 'pending') report('pending');
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    async removeItem(name) {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      latest = null;
      generation++;
      // After any write under way, so that write cannot land after the removal.
      const removal = writing.then(async () => {
        for (const key of await backend.keys()) if (key === name || partOfKey(name, key) !== null) await backend.del(key);
      });
      // A failed removal is the caller's to see; later writes still run.
      writing = removal.catch(() => {});
      await removal;
      report('saved');
    },
    flush,
    // A note is stored as a part is, its long arrays a slice at a time: a parent's registration
    // holds a count and a classification per message, and one 70,000-item record took 400 ms of
    // the page's main thread to read back.
    async keepNote(name, history, label, note) {
      if (note === null || typeof note !== 'object') return;
      const key = noteKey(name, history, label);
      try {
        const part = await storedPartOf(note, (array, slice, json) => backend.set(sliceKey(key, array, slice), json));
        await backend.set(key, part);
      } catch {
        // Only missing: the next reload asks the server again.
      }
    },
    async readNote(name, history, label) {
      const key = noteKey(name, history, label);
      try {
        const part = await backend.get(key);
        return isStoredPart(part) ? await readStoredPart(part, key, (array, slice) => backend.get(sliceKey(key, array, slice))) : undefined;
      } catch {
        return undefined;
      }
    },
    async dropNote(name, history, label) {
      const key = noteKey(name, history, label);
      try {
        for (const each of await backend.keys()) if (each === key || each.startsWith(`${key}:`)) await backend.del(each);
      } catch {
        // A note left behind goes with its history's part.
      }
    },
    status: () => current,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A backend in memory, for tests and for browsers without IndexedDB; values are copied as IndexedDB copies them. */
export function memoryBackend(): KeyValueBackend & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: async (key) => structuredClone(entries.get(key)),
    set: async (key, value) => void entries.set(key, structuredClone(value)),
    del: async (key) => void entries.delete(key),
    keys: async () => [...entries.keys()],
  };
}
