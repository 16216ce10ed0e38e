import type { PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';
import { cachedJson } from './cached-json';

export type SaveStatus = 'saved' | 'pending' | 'failed';

export interface DebouncedStorage<S> extends PersistStorage<S> {
  /** Write the latest state now. */
  flush(): Promise<void>;
  status(): SaveStatus;
  /** Called whenever the save status changes; the error says why a write failed. */
  onStatus(listener: (status: SaveStatus, error?: unknown) => void): () => void;
}

/**
 * Persist storage that writes the latest state at most once per `delayMs`. A long parent is
 * megabytes of JSON; serialising it on every keystroke in the fork controls would cost more than
 * the whole preview. The newest state always wins; a failed write (quota, a closed database) is
 * reported, and the state in memory is untouched.
 */
export function debouncedStorage<S>(backend: StateStorage, delayMs = 250): DebouncedStorage<S> {
  let latest: { name: string; value: StorageValue<S> } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: SaveStatus = 'saved';
  const listeners = new Set<(status: SaveStatus, error?: unknown) => void>();
  const report = (status: SaveStatus, error?: unknown) => {
    current = status;
    for (const listener of listeners) listener(status, error);
  };

  async function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const pending = latest;
    latest = null;
    if (pending === null) return;
    try {
      await backend.setItem(pending.name, cachedJson(pending.value));
      if (latest === null) report('saved');
    } catch (error) {
      report('failed', error);
    }
  }

  return {
    async getItem(name) {
      const text = await backend.getItem(name);
      if (text === null) return null;
      try {
        return JSON.parse(text) as StorageValue<S>;
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
      await backend.removeItem(name);
      report('saved');
    },
    flush,
    status: () => current,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A `StateStorage` in memory, for tests and for browsers without IndexedDB. */
export function memoryStorage(): StateStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (name) => entries.get(name) ?? null,
    setItem: (name, value) => void entries.set(name, value),
    removeItem: (name) => void entries.delete(name),
  };
}
