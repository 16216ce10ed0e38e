import { expect, type Request, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** The fork_turns a preview request asks for. */
function forkTurnsOf(request: Request): unknown {
  return (request.postDataJSON() as { request?: { params?: { fork_turns?: unknown } } }).request?.params?.fork_turns;
}

test('a window asked for ahead never delays the one the person asks for, and is abandoned once that is asked', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  const answered: unknown[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/fork/preview')) answered.push(forkTurnsOf(response.request()));
  });
  // Startup block: three real user turns; its own request is fork_turns "1", and the page asks
  // ahead for "2" and "all", one key press away.
  await playground.open({ scenario: 'startup-block' });
  await expect.poll(() => ['1', '2', 'all'].every((value) => answered.includes(value))).toBe(true);

  // From here every preview but the two the person asks for ("3", then "03") is held far longer
  // than the test waits.
  const held: Request[] = [];
  const abandoned: Request[] = [];
  page.on('requestfailed', (request) => {
    if (held.includes(request)) abandoned.push(request);
  });
  await page.route('**/api/fork/preview', async (route) => {
    if (['3', '03'].includes(forkTurnsOf(route.request()) as string)) return route.continue();
    held.push(route.request());
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    await route.continue().catch(() => undefined);
  });

  // "3" is planned, and the page asks ahead for "4" (held).
  await playground.setField('fork_turns', '3');
  await expect.poll(() => held.some((request) => forkTurnsOf(request) === '4')).toBe(true);

  // The person's own request is answered while the asked-ahead one is still held...
  await playground.field('fork_turns').fill('03');
  await playground.waitForPlan(10_000);
  await expect(playground.error('fork_turns')).toBeVisible();
  // ...and the browser gives up the asked-ahead one nobody needs any more.
  await expect.poll(() => abandoned.some((request) => forkTurnsOf(request) === '4')).toBe(true);
});
