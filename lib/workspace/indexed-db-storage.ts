import { createStore, del, get, keys, set } from 'idb-keyval';
import type { KeyValueBackend } from './debounced-storage';

// The names every saved workspace lives under. idb-keyval opens an existing database at its own
// version and creates this same single out-of-line-key store in a new one, so what was saved
// before it took over loads unchanged.
const DATABASE = 'fork-lab';
const STORE = 'kv';

/**
 * The browser's IndexedDB as a key-value backend. IndexedDB rather than localStorage: a workspace
 * with an imported parent is tens of megabytes, past localStorage's usual 5 MB.
 */
export function indexedDbBackend(): KeyValueBackend {
  const store = createStore(DATABASE, STORE);
  return {
    get: (key) => get<unknown>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: async () => (await keys(store)).filter((key): key is string => typeof key === 'string'),
  };
}
