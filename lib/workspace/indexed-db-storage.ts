import type { StateStorage } from 'zustand/middleware';

const DATABASE = 'fork-lab';
const STORE = 'kv';

/**
 * The browser's IndexedDB as a key-value `StateStorage`. IndexedDB rather than localStorage: a
 * workspace with a 10,000-message parent is several megabytes, past localStorage's usual 5 MB.
 */
export function indexedDbStorage(): StateStorage {
  let database: Promise<IDBDatabase> | null = null;
  const open = () =>
    (database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
    }));
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction was aborted.'));
    });
  };
  return {
    getItem: async (name) => {
      const value = await run('readonly', (store) => store.get(name));
      return typeof value === 'string' ? value : null;
    },
    setItem: async (name, value) => {
      await run('readwrite', (store) => store.put(value, name));
    },
    removeItem: async (name) => {
      await run('readwrite', (store) => store.delete(name));
    },
  };
}
