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
          cache: {
            parentRequest: 2,
            childRequest: 3,
            provider: 'qwen',
            model: 'qwen-plus',
            pricedAs: 'qwen-plus',
            childTokens: 13215,
            sharedTokens: 5635,
            parting: { reason: 'tools_changed', path: 'tools[0].function.name' },
            cachedTokens: 5632,
            writtenTokens: 0,
            cost: { fork: { dollars: 0.0021, complete: true, missing: [] }, cold: { dollars: 0.0053, complete: true, missing: [] } },
            reasons: [],
            routing: { values: [], ttls: { parent: [], child: [] }, retention: { parent: null, child: null } },
          },
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

test('shows the matrix the repository ships when none was run here: dated, its releases named, nothing to open', async ({ page }) => {
  rmSync(LATEST, { force: true });
  const shipped = JSON.parse(readFileSync(path.join(process.cwd(), 'docs', 'verify-matrix.json'), 'utf8')) as {
    runtimes: { name: string; version: string }[];
    cells: { green: boolean }[];
  };
  await page.goto('/runtimes');
  const summary = page.getByTestId('matrix-summary');
  await expect(summary).toContainText(`${shipped.cells.filter((cell) => cell.green).length} of ${shipped.cells.length} cells green`);
  await expect(summary).toContainText('the last run on main');
  for (const runtime of shipped.runtimes) await expect(summary).toContainText(`${runtime.name}@${runtime.version}`);
  await expect(page.getByTestId('matrix-shipped')).toContainText('No verify has run on this machine');
  // Its forks' requests stay on the machine that ran them: nothing to open here.
  await expect(page.getByTestId('open-matrix-fork')).toHaveCount(0);
  // A table of cache reuse for every runtime the run had a green fork of.
  for (const runtime of shipped.runtimes) await expect(page.getByTestId(`cache-reuse-${runtime.name}`)).toBeVisible();
  const api = (await (await page.request.get('/api/runtimes')).json()) as { source: string };
  expect(api.source).toBe('shipped');
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
  // The whole matrix at a glance: a mark per cell, a dash where a runtime has no such scenario; a mark jumps to its card.
  const overview = page.getByTestId('matrix-overview');
  await expect(overview.getByRole('link', { name: 'qwen-code fork-all: green' })).toHaveText('✓');
  await expect(overview.getByRole('link', { name: 'qwen-code fork-last-turn: known difference' })).toHaveText('~');
  await expect(overview.getByRole('link', { name: 'claude-code fork-all: red' })).toHaveText('✗');
  await expect(overview.locator('tbody tr').nth(1).locator('td').nth(1)).toHaveText('—');
  await overview.getByRole('link', { name: 'claude-code fork-all: red' }).click();
  await expect(page).toHaveURL(/#cell-claude-code-fork-all$/);
  // What the green fork reused of its parent's cache, beside the figures that say so; red cells have no row.
  const rows = page.getByTestId('cache-reuse-qwen-code').getByTestId('cache-reuse-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('5,635 of 13,215 identical (43%) · 5,632 read');
  await expect(rows.first()).toContainText('tools[0].function.name (tools changed)');
  await expect(rows.first()).toContainText('$0.0021 / $0.0053 · 60% saved');
  await expect(rows.first().getByRole('img')).toHaveAttribute('aria-label', '43% of 13,215 tokens identical, 43% read from the cache');
  await expect(page.getByTestId('cache-reuse-claude-code')).toHaveCount(0);
  expect(((await (await page.request.get('/api/runtimes')).json()) as { source: string }).source).toBe('here');
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
  // The shipped run's six columns and wide cache tables scroll inside their own frames.
  rmSync(LATEST, { force: true });
  await page.reload();
  await expect(page.getByTestId('matrix-overview')).toBeVisible();
  const shipped = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(shipped.scroll).toBeLessThanOrEqual(shipped.inner);
});

test('a fork the matrix does not list is refused, and a name with a path in it is not read', async ({ request }) => {
  writeMatrix(MATRIX);
  expect((await request.get('/api/runtimes/bundle?runtime=qwen-code&scenario=fork-all&parent=2&child=9')).status()).toBe(404);
  expect((await request.get('/api/runtimes/bundle?runtime=qwen-code&scenario=..%2F..&parent=2&child=3')).status()).toBe(400);
  expect(((await (await request.get('/api/runtimes')).json()) as { cells: unknown[] }).cells).toHaveLength(3);
});
