import { chromium } from '@playwright/test';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto('http://127.0.0.1:3311/compare?scenario=startup-block');
await page.waitForSelector('[data-testid=compare-view][data-ready]');
await page.getByTestId('compare-directive').fill('What is the release tag?');
await page.getByTestId('sweep-windows').fill('1,2,3,all');
await page.getByTestId('sweep-checks').fill('contains:v2.14.3');
await page.getByTestId('sweep-run').click();
await page.waitForSelector('[data-testid=sweep-results]', { timeout: 20000 });
console.log(await page.getByTestId('sweep-smallest').textContent());
await page.getByTestId('sweep-panel').screenshot({ path: '/tmp/forklab/sweep.png' });
await browser.close();
