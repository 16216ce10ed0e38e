import type { Page } from '@playwright/test';
import type { StoredWorkspace } from './playground-types';

/**
 * The workspace as the page persisted it in IndexedDB: the exact parent transcripts, selections
 * and children the page holds. Read here, record by record, not through the app's code: the
 * skeleton, then each part it names, each long array from its slices.
 */
export function readStoredWorkspace(page: Page): Promise<StoredWorkspace | null> {
  return page.evaluate(async () => {
    type Path = (string | number)[];
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('fork-lab', 1);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const read = (key: string) =>
      new Promise<unknown>((resolve, reject) => {
        const get = database.transaction('kv', 'readonly').objectStore('kv').get(key);
        get.onerror = () => reject(get.error);
        get.onsuccess = () => resolve(get.result);
      });
    const put = (target: unknown, path: Path, value: unknown) => {
      let holder = target as Record<string | number, unknown>;
      for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
      holder[path.at(-1)!] = value;
    };
    try {
      const root = (await read('fork-lab-workspace')) as { json: string; parts: { path: Path; id: string }[] } | undefined;
      if (root === undefined) return null;
      const value = JSON.parse(root.json) as { state: StoredWorkspace };
      for (const { path, id } of root.parts) {
        const key = `fork-lab-workspace:part:${id}`;
        const part = (await read(key)) as { json: string; arrays: { path: Path; slices: number }[] };
        let history: unknown = JSON.parse(part.json);
        for (const [index, array] of part.arrays.entries()) {
          const items: unknown[] = [];
          for (let slice = 0; slice < array.slices; slice++) items.push(...(JSON.parse((await read(`${key}:${index}:${slice}`)) as string) as unknown[]));
          if (array.path.length === 0) history = items;
          else put(history, array.path, items);
        }
        put(value, path, history);
      }
      return value.state;
    } finally {
      database.close();
    }
  });
}
