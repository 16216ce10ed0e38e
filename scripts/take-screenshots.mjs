// Writes the README's screenshots to docs/screenshots/: the compare view, a sweep, a Kimi AgentSwarm
// family, its cache forecast per provider, and the CLI.
// Needs the app running (`npm run app`) at FORK_LAB_URL (default http://127.0.0.1:3000) and
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Run: node scripts/take-screenshots.mjs
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.env.FORK_LAB_URL ?? 'http://127.0.0.1:3000';
const out = path.resolve('docs/screenshots');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });

await page.goto(`${base}/compare?scenario=startup-block`);
await page.waitForSelector('[data-testid=compare-view][data-ready]');
await page.getByTestId('compare-directive').fill('What is the release tag?');
await page.waitForSelector('[data-testid=compare-view][data-ready]');
await page.getByTestId('run-all').click();
await page
  .getByTestId('run-all-progress')
  .filter({ hasText: /^(\d+) of \1 done/ })
  .waitFor({ timeout: 30_000 });
await page.getByTestId('diff-against').selectOption('parent');
await page.screenshot({ path: path.join(out, 'compare.png'), fullPage: true });

await page.getByTestId('sweep-windows').fill('1,2,3,all');
await page.getByTestId('sweep-checks').fill('contains:v2.14.3');
await page.getByTestId('sweep-run').click();
await page.getByTestId('sweep-results').waitFor({ timeout: 30_000 });
await page.getByTestId('sweep-panel').screenshot({ path: path.join(out, 'sweep.png') });

// A Kimi AgentSwarm with fork: true: its members in the preview.
await page.goto(`${base}/?scenario=kimi-agent-swarm-fork`);
await page.getByTestId('family-member').first().waitFor();
await page.screenshot({ path: path.join(out, 'agent-swarm.png') });

// The same fork's cache forecast per provider, with one provider's reasons open.
const cachePanel = page.getByTestId('provider-cache');
await cachePanel.locator('[data-provider="openai"]').getByText(/^Why/).click();
await cachePanel.screenshot({ path: path.join(out, 'provider-cache.png') });

// The CLI on a parent written here: its output, as a terminal shows it.
const dir = path.join(tmpdir(), 'fork-lab-screenshot');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, 'canary.json');
const turns = [
  'The deploy password is heron-7731.',
  'Noted.',
  'Look at src/router.ts next.',
  'The router validates ids.',
  'Now check the date parser.',
  'It parses ISO dates.',
  'And the tests for it?',
  'They pass.',
];
writeFileSync(file, JSON.stringify(turns.map((content, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content }))));
const commands = [
  [
    'sweep',
    'canary.json',
    '--format',
    'openai-chat',
    '--runtime',
    'qwen-fork-turns',
    '--windows',
    '1,2,3,4,all',
    '--directive',
    'What is the deploy password?',
    '--check',
    'contains:heron-7731',
    '--expect-smallest',
    '4',
  ],
  [
    'compare',
    'canary.json',
    '--format',
    'openai-chat',
    '--directive',
    'Summarise',
    '--variant',
    'qwen-fork-turns fork_turns=1',
    '--variant',
    'kimi-fork fork=true',
  ],
];
const transcript = commands
  .map((args) => {
    const run = spawnSync(process.execPath, [path.resolve('bin/fork-lab.mjs'), ...args], { cwd: dir, encoding: 'utf8' });
    const shown = args.map((arg) => (/[\s,]/.test(arg) ? `'${arg}'` : arg)).join(' ');
    return `$ npx fork-lab ${shown}\n${run.stderr}${run.stdout}$ echo $?\n${run.status}\n`;
  })
  .join('\n');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
await page.setContent(
  `<body style="margin:0;background:#0f1115"><pre style="margin:0;padding:16px;color:#e6e8eb;font:13px/1.4 ui-monospace,monospace;white-space:pre-wrap">${escapeHtml(transcript)}</pre></body>`,
);
await page.setViewportSize({ width: 1100, height: 600 });
await page.screenshot({ path: path.join(out, 'cli.png'), fullPage: true });
await browser.close();
console.log(`wrote compare.png, sweep.png and cli.png to ${out}`);
