import { expect, type Page, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

// The server keeps each parent it was sent, by content; the page keeps the server's answer beside
// the stored parent, so a reload plans at once instead of sending a 40 MB parent again. Where the
// server lost it (a restart), the first plan says so and the page sends the parent as before.

const NOTE_SUFFIX = ':note:registration';

/** The stored registration notes: each head's key and its JSON (short arrays stay in the head). */
function registrationNotes(page: Page): Promise<{ key: string; json: string }[]> {
  return page.evaluate(async (suffix) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('fork-lab', 1);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const store = () => database.transaction('kv', 'readonly').objectStore('kv');
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = store().getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
    const notes: { key: string; json: string }[] = [];
    for (const key of keys) {
      if (typeof key !== 'string' || !key.endsWith(suffix)) continue;
      const head = await new Promise<{ json: string }>((resolve) => {
        const request = store().get(key);
        request.onsuccess = () => resolve(request.result as { json: string });
      });
      notes.push({ key, json: head.json });
    }
    database.close();
    return notes;
  }, NOTE_SUFFIX);
}

function rewriteNote(page: Page, key: string, json: string): Promise<void> {
  return page.evaluate(
    async ({ key, json }) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('fork-lab', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = database.transaction('kv', 'readwrite');
        const store = transaction.objectStore('kv');
        const get = store.get(key);
        get.onsuccess = () => store.put({ ...(get.result as object), json }, key);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      database.close();
    },
    { key, json },
  );
}

function countParentPosts(page: Page): { count: () => number } {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/parent') posts += 1;
  });
  return { count: () => posts };
}

test('a reload plans on the registration kept beside the parent, without sending the parent again', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'compaction-summary' });
  await playground.waitForSaved();
  await expect.poll(async () => (await registrationNotes(page)).length).toBe(1);
  const summary = await playground.summary.textContent();

  const posts = countParentPosts(page);
  await page.reload();
  await playground.waitForPlan();
  await expect(playground.summary).toHaveText(summary!);
  expect(posts.count()).toBe(0);
});

test('a kept registration the server no longer holds is sent again once, and the page plans as before', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'compaction-summary' });
  await playground.waitForSaved();
  await expect.poll(async () => (await registrationNotes(page)).length).toBe(1);
  const summary = await playground.summary.textContent();
  const [note] = await registrationNotes(page);
  const kept = JSON.parse(note!.json) as { parentKey: string };
  // A key no server holds, as after a restart.
  await rewriteNote(page, note!.key, JSON.stringify({ ...kept, parentKey: `${kept.parentKey.slice(0, -8)}00000000` }));

  const posts = countParentPosts(page);
  await page.reload();
  await playground.waitForPlan();
  await expect(playground.summary).toHaveText(summary!);
  expect(posts.count()).toBe(1);
  // The note holds the server's key again.
  await expect.poll(async () => (JSON.parse((await registrationNotes(page))[0]?.json ?? '{}') as { parentKey?: string }).parentKey).toBe(kept.parentKey);
});
