import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// The e2e server reads the default data folder: the matrix a test writes there is read on each request.
const LATEST = path.join(process.cwd(), '.data', 'verify', 'latest.json');
const LONG_DIFFERENCE = `request 9 differs at messages[0].content[0].text: expected <system-reminder>\n${'The current date is Tuesday. '.repeat(20)}</system-reminder> — sent <system-reminder>skills</system-reminder>`;

const MATRIX = {
  kind: 'fork-lab/runtime-matrix',
  version: 1,
  startedAt: '2026-12-01T19:00:00.000Z',
  seconds: 75.9,
  runtimes: [
    { name: 'qwen-code', version: '0.24.4', origin: 'cached' },
    { name: 'claude-code', version: '2.1.328', origin: 'cached' },
  ],
  scenarios: [
    { id: 'fork-all', title: 'fork with the whole conversation' },
    { id: 'fork-last-turn', title: 'fork the last turn of a parent of three turns (resumed)' },
  ],
  cells: [
    {
      runtime: 'qwen-code',
      version: '0.24.4',
      scenario: 'fork-all',
      outcome: 'matches',
      green: true,
      summary: 'the child as the rules plan it',
      forks: [
        {
          parentId: 2,
          childId: 3,
          toolCallId: 'call-1',
          toolName: 'agent',
          runtime: 'qwen-fork-turns',
          announced: { release: '0.24.4', runtimeVersion: '0.24' },
          verdict: 'matches',
          difference: null,
        },
      ],
      requests: 5,
      seconds: 10.1,
      folder: '/nowhere/qwen-code@0.24.4/fork-all',
    },
    {
      runtime: 'qwen-code',
      version: '0.24.4',
      scenario: 'fork-last-turn',
      outcome: 'differs',
      green: false,
      known: 'Qwen sends its startup context and the window’s first prompt as one user message',
      summary: LONG_DIFFERENCE,
      forks: [],
      requests: 10,
      seconds: 28.5,
      folder: '/nowhere/qwen-code@0.24.4/fork-last-turn',
    },
    {
      runtime: 'claude-code',
      version: '2.1.328',
      scenario: 'fork-all',
      outcome: 'differs',
      green: false,
      summary: 'request 2 differs at system: expected a — sent b',
      forks: [],
      requests: 4,
      seconds: 2.2,
      folder: '/nowhere/claude-code@2.1.328/fork-all',
    },
  ],
  planted: [
    { cell: 'qwen-code@0.24.4 fork-all', runtimeVersion: '0.23', caught: true, summary: 'read by the 0.23 rules: differs at messages[3].content[0].text' },
  ],
  cannotRun: [{ name: 'kimi-code', label: 'Kimi Code', reason: 'its install needs a registry this machine does not reach' }],
};

let saved: string | null = null;
test.beforeAll(() => {
  saved = existsSync(LATEST) ? readFileSync(LATEST, 'utf8') : null;
});
test.afterAll(() => {
  if (saved === null) rmSync(LATEST, { force: true });
  else writeFileSync(LATEST, saved);
});

function writeMatrix(matrix: unknown): void {
  mkdirSync(path.dirname(LATEST), { recursive: true });
  writeFileSync(LATEST, JSON.stringify(matrix));
}

test.describe.configure({ mode: 'serial' });

test('says how to run the matrix when none was run here', async ({ page }) => {
  rmSync(LATEST, { force: true });
  await page.goto('/runtimes');
  await expect(page.getByTestId('matrix-empty')).toContainText('npx fork-lab verify');
});

test('shows each cell beside the others: green, known and red apart, a long difference folded, forks to open', async ({ page }) => {
  writeMatrix(MATRIX);
  await page.goto('/runtimes');
  await expect(page.getByTestId('matrix-summary')).toContainText('1 of 3 cells green, 1 known difference');
  await expect(page.getByTestId('cell-qwen-code-fork-all')).toContainText('matches');
  await expect(page.getByTestId('cell-qwen-code-fork-all')).toContainText('fork 2→3 · qwen-fork-turns 0.24 rules');
  await expect(page.getByTestId('cell-qwen-code-fork-all').getByTestId('open-matrix-fork')).toBeVisible();
  const known = page.getByTestId('cell-qwen-code-fork-last-turn');
  await expect(known).toContainText('known: differs');
  await expect(known.getByTestId('cell-known')).toContainText('Known: Qwen sends its startup context');
  // The whole system prompt is not dumped inline: its start shows, the rest opens on demand.
  await expect(known.getByTestId('cell-difference').locator('pre')).toBeHidden();
  await known.getByTestId('cell-difference').locator('summary').click();
  await expect(known.getByTestId('cell-difference').locator('pre')).toBeVisible();
  await expect(page.getByTestId('cell-claude-code-fork-all')).toContainText('differs at system');
  await expect(page.getByText('caught: qwen-code@0.24.4 fork-all')).toBeVisible();
  await expect(page.getByText('Kimi Code: its install needs a registry this machine does not reach.')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('fits a phone: nothing scrolls sideways at 390 px', async ({ page }) => {
  writeMatrix(MATRIX);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/runtimes');
  await page.getByTestId('cell-qwen-code-fork-last-turn').getByTestId('cell-difference').locator('summary').click();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
});

test('a fork the matrix does not list is refused, and a name with a path in it is not read', async ({ request }) => {
  writeMatrix(MATRIX);
  expect((await request.get('/api/runtimes/bundle?runtime=qwen-code&scenario=fork-all&parent=2&child=9')).status()).toBe(404);
  expect((await request.get('/api/runtimes/bundle?runtime=qwen-code&scenario=..%2F..&parent=2&child=3')).status()).toBe(400);
  expect(((await (await request.get('/api/runtimes')).json()) as { cells: unknown[] }).cells).toHaveLength(3);
});
