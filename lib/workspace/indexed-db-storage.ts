import { createStore, del, get, set } from 'idb-keyval';
import type { StateStorage } from 'zustand/middleware';

// The names every saved workspace lives under. idb-keyval opens an existing database at its own
// version and creates this same single out-of-line-key store in a new one, so what was saved
// before it took over loads unchanged.
const DATABASE = 'fork-lab';
const STORE = 'kv';

/**
 * The browser's IndexedDB as a key-value `StateStorage`. IndexedDB rather than localStorage: a
 * workspace with a 10,000-message parent is several megabytes, past localStorage's usual 5 MB.
 */
export function indexedDbStorage(): StateStorage {
  const store = createStore(DATABASE, STORE);
  return {
    getItem: async (name) => {
      const value = await get<unknown>(name, store);
      return typeof value === 'string' ? value : null;
    },
    setItem: (name, value) => set(name, value, store),
    removeItem: (name) => del(name, store),
  };
}
