import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { expect, test } from './fixtures/shared-page';
import { ComparePage } from './pages/compare-page';

const QUESTION = 'What is the release tag?';
const CANARY = 'contains:v2.14.3';

test.describe('sweep', () => {
  test('finds the smallest window whose child knows a fact three turns back, charts it, keeps it across a reload and exports a report that opens offline', async ({
    page,
    browser,
  }, testInfo) => {
    const compare = new ComparePage(page);
    await compare.open('startup-block');
    await compare.directive.fill(QUESTION);
    await compare.waitPlanned();
    await page.getByTestId('sweep-windows').fill('1,2,3,all');
    await page.getByTestId('sweep-checks').fill(CANARY);
    await page.getByTestId('sweep-run').click();
    await expect(page.getByTestId('sweep-smallest')).toHaveText('Smallest passing window: 3', { timeout: 20_000 });

    // lib/sweep/run-sweep.test.ts runs the same sweep on the library and asserts these figures.
    const rows = page.getByTestId('sweep-row');
    await expect(rows).toHaveCount(4);
    expect(
      await rows.evaluateAll((all) => all.map((row) => [row.getAttribute('data-label'), row.getAttribute('data-status'), row.children[2]!.textContent])),
    ).toEqual([
      ['1', 'failed', '5'],
      ['2', 'failed', '9'],
      ['3', 'passed', '13'],
      ['all', 'passed', '13'],
    ]);
    // 3 and "all" hold the same turns for the same tokens; 3 is listed first.
    await expect(rows.nth(3).locator('td').nth(3)).toHaveText((await rows.nth(2).locator('td').nth(3).textContent())!);
    const chart = page.getByTestId('sweep-chart');
    await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(4);
    await expect(chart.getByText('smallest passing')).toBeVisible();

    // Plotted in dollars at gpt-5's prices ($1.25 input, $10 output per million): the offline model
    // reports no cache, so each bar is its input and output tokens at those prices.
    const tokens = await rows.evaluateAll((all) =>
      all.map((row) => [Number(row.children[3]!.textContent!.replaceAll(',', '')), Number(row.children[5]!.textContent!.replaceAll(',', ''))]),
    );
    await page.getByTestId('sweep-measure').selectOption('gpt-5');
    await expect(chart).toHaveAttribute('data-measure', 'dollars at gpt-5');
    const dollars = (await chart.getAttribute('data-values'))!.split(' ').map(Number);
    expect(dollars).toEqual(tokens.map(([input, output]) => Math.round(((input! * 1.25 + output! * 10) / 1e6) * 1e6) / 1e6));
    await page.getByTestId('sweep-measure').selectOption('');

    await page.waitForTimeout(800); // the workspace's debounced write
    await page.reload();
    await compare.waitPlanned();
    await expect(page.getByTestId('sweep-smallest')).toHaveText('Smallest passing window: 3');

    const json = page.waitForEvent('download');
    await page.getByTestId('sweep-export-json').click();
    const jsonFile = testInfo.outputPath('sweep.json');
    await (await json).saveAs(jsonFile);
    const exported = JSON.parse(readFileSync(jsonFile, 'utf8')) as { setup: { checks: string[] }; result: { smallestPassing: string; variants: unknown[] } };
    expect(exported.setup.checks).toEqual([CANARY]);
    expect(exported.result.smallestPassing).toBe('3');
    expect(exported.result.variants).toHaveLength(4);

    const download = page.waitForEvent('download');
    await page.getByTestId('sweep-export-html').click();
    const file = testInfo.outputPath('sweep-report.html');
    await (await download).saveAs(file);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script/i);

    // Opened from disk in a browser with no network at all: everything is in the file.
    const offline = await browser.newContext({ offline: true });
    const report = await offline.newPage();
    const requests: string[] = [];
    report.on('request', (request) => requests.push(request.url()));
    await report.goto(pathToFileURL(file).href);
    await expect(report.locator('#smallest')).toHaveText('Smallest passing window: 3');
    await expect(report.locator('figure svg .recharts-bar-rectangle')).toHaveCount(4);
    await expect(report.locator('tr.smallest td').first()).toHaveText('3 ★');
    expect(requests).toEqual([pathToFileURL(file).href]);
    await offline.close();
  });

  test('starts checking a fact the scenario holds, which its directive asks for: the children say what each window kept and lost', async ({ page }) => {
    const compare = new ComparePage(page);
    await compare.open('startup-block');
    await compare.waitPlanned();
    await page.getByTestId('sweep-run').click();
    await expect(page.getByTestId('sweep-smallest')).toHaveText('Smallest passing window: 4', { timeout: 20_000 });
    const rows = page.getByTestId('sweep-row');
    await expect(rows).toHaveCount(4);
    expect(await rows.evaluateAll((all) => all.map((row) => [row.getAttribute('data-label'), row.getAttribute('data-status')]))).toEqual([
      ['1', 'failed'],
      ['2', 'failed'],
      ['4', 'passed'],
      ['all', 'passed'],
    ]);
    // Window 2 kept the turn that names the customer, not the one that names the tag.
    await expect(rows.nth(1).getByTestId('sweep-output')).toHaveText(
      [
        'What is the release tag? Nothing in my context mentions “release tag”.',
        'Who reported the bug? From my context (the user message at position 2 of 11): “Also, the customer is Acme Bank; they reported it.”',
      ].join('\n'),
    );
  });

  test('says what is wrong with the windows and the checks as they are typed, and Run waits for them', async ({ page }) => {
    const compare = new ComparePage(page);
    await compare.open('startup-block');
    const run = page.getByTestId('sweep-run');
    // The scenario's first probe fact, which the directive asks for, is the first check.
    await expect(page.getByTestId('sweep-checks')).toHaveValue('contains:v2.14.3');
    await expect(run).toBeEnabled();
    // No check: Run waits, and the field says what to write.
    await page.getByTestId('sweep-checks').fill('');
    await expect(page.getByTestId('sweep-checks-error')).toHaveText(
      'Add a check, one a line (contains:heron-7731, say): each child passes or fails by its checks.',
    );
    await expect(run).toBeDisabled();
    await page.getByTestId('sweep-checks').fill('contains:a\nequals:b');
    await expect(page.getByTestId('sweep-checks-error')).toHaveText(
      'Check 2, “equals:b”: "equals" is not a check; one of contains, not-contains, regex, json-path, max-output-tokens.',
    );
    await expect(page.getByTestId('sweep-checks')).toHaveAttribute('aria-invalid', 'true');
    await expect(run).toBeDisabled();
    await page.getByTestId('sweep-checks').fill('contains:a');
    await page.getByTestId('sweep-windows').fill('-5, 3.5, text, 2');
    await expect(page.getByTestId('sweep-windows-error')).toHaveText(
      '“-5”, “3.5”, “text” are not windows of fork_turns: a whole number of turns from 1, or all.',
    );
    // What was typed stays as typed.
    await expect(page.getByTestId('sweep-windows')).toHaveValue('-5, 3.5, text, 2');
    await expect(page.getByTestId('sweep-blocked')).toHaveText('Run waits for the windows.');
    await expect(run).toBeDisabled();
    await page.getByTestId('sweep-windows').fill('1,all');
    await expect(page.getByTestId('sweep-windows-error')).toHaveCount(0);
    await expect(run).toBeEnabled();
    await expect(page.getByTestId('sweep-results')).toHaveCount(0);
  });
});
