import { expect, type Request, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/**
 * The directive each preview request for the newest parent carries, in the order the page sent
 * them. A request for the parent left behind (the windows one key away, asked ahead while the
 * switch happens) plans that parent with its own text, which is right; the parent is known by the
 * key it was registered under, which the last request names.
 */
function previewDirectives(requests: readonly Request[]): string[] {
  const previews = requests
    .filter((request) => request.url().endsWith('/api/fork/preview') && request.method() === 'POST')
    .map((request) => request.postDataJSON() as { parentKey: string; request: { directive: string } });
  const newest = previews.at(-1)?.parentKey;
  return previews.filter((preview) => preview.parentKey === newest).map((preview) => preview.request.directive);
}

test('another parent is planned with its own directive at once, never first with the last parent’s', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });
  const before = await playground.field('directive').inputValue();

  const sent: Request[] = [];
  page.on('request', (request) => sent.push(request));
  await playground.pickScenario('tool-only-turns');
  await expect(playground.field('directive')).toHaveValue('Add invalid-date checks to every caller of parseDate.');
  await playground.waitForPlan();

  // The directive waits for a pause in typing before it is planned; a new parent is no typing, and
  // planning it with the old text first cost a second plan of the whole parent.
  const directives = previewDirectives(sent);
  expect(directives.length).toBeGreaterThan(0);
  expect(directives).not.toContain(before);
  expect(new Set(directives)).toEqual(new Set(['Add invalid-date checks to every caller of parseDate.']));
});
