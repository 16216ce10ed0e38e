// Writes docs/screenshots/views/<view>-<scheme>-<device>.png: every page of the app, light and dark,
// on a desktop (1440×900) and a phone (390×844), as a person first sees it (the top of the page).
// The compare is shared first so the read-only share page has something to show; /captures and
// /runtimes show what this server's data folder holds.
// Needs the app running (`npm run app`) at FORK_LAB_URL (default http://127.0.0.1:3000) and
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Run: npx tsx scripts/take-view-screenshots.mjs
// (tsx, for the e2e's own small traffic log the cache timeline shows).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { claudeTraceLog, SIDE_CALLS } from '../e2e/fixtures/traffic-logs.ts';

const base = process.env.FORK_LAB_URL ?? 'http://127.0.0.1:3000';
const out = path.resolve('docs/screenshots/views');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

// A shared compare to show on the share page.
const sharer = await browser.newPage();
await sharer.goto(`${base}/compare?scenario=startup-block`);
await sharer.waitForSelector('[data-testid=compare-view][data-ready]');
await sharer.getByTestId('share').click();
const shareUrl = await sharer.getByTestId('share-url').inputValue();
await sharer.close();

const views = [
  { name: 'playground', url: '/?scenario=startup-block', ready: '[data-testid=preview-messages], [data-testid=child-preview]' },
  // After Launch: the child's run under the button that launched it.
  {
    name: 'launched',
    url: '/?scenario=startup-block',
    ready: '[data-testid=playground][data-ready=true]',
    async act(page) {
      await page.getByTestId('launch-beside-preview').click();
      await page.waitForSelector('[data-testid=child-run][data-status=finished]', { timeout: 30_000 });
      await page.getByTestId('launch-beside-preview').evaluate((button) => button.scrollIntoView({ block: 'start' }));
    },
  },
  { name: 'compare', url: '/compare?scenario=startup-block', ready: '[data-testid=compare-view][data-ready]' },
  { name: 'share', url: new URL(shareUrl).pathname, ready: '[data-testid=compare-view][data-ready]' },
  { name: 'captures', url: '/captures', ready: '[data-testid=captures-view][data-ready]' },
  // A cache timeline read from a traffic log of Fork Lab's own making, its chart in view.
  {
    name: 'timeline',
    url: '/captures',
    ready: '[data-testid=captures-view][data-ready]',
    async act(page) {
      const timeline = page.getByTestId('traffic-timeline');
      await timeline
        .getByTestId('traffic-file')
        .setInputFiles({ name: 'claude-trace.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(claudeTraceLog(SIDE_CALLS)) });
      await page.waitForSelector('[data-testid=timeline-chart] .recharts-bar-rectangle', { timeout: 30_000 });
      await timeline.getByTestId('timeline-chart').evaluate((chart) => chart.scrollIntoView({ block: 'start' }));
    },
  },
  { name: 'runtimes', url: '/runtimes', ready: 'main' },
];
const devices = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];
for (const scheme of ['light', 'dark']) {
  for (const device of devices) {
    const context = await browser.newContext({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch, colorScheme: scheme });
    const page = await context.newPage();
    for (const view of views) {
      await page.goto(`${base}${view.url}`);
      await page.waitForSelector(view.ready, { timeout: 30_000 });
      await view.act?.(page);
      await page.waitForTimeout(600);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > device.viewport.width) console.warn(`${view.name} on a ${device.name} is ${width} px wide`);
      await page.screenshot({ path: path.join(out, `${view.name}-${scheme}-${device.name}.png`) });
    }
    await context.close();
  }
}
await browser.close();
console.log(`wrote ${views.length * 4} screenshots to ${out}`);
