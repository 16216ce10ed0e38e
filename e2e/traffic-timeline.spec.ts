import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/shared-page';
import { claudeTraceLog, DIAGNOSED, EDITED_SYSTEM, harLog, routedCassette, SIDE_CALLS, vcrCassette, WARMED } from './fixtures/traffic-logs';

const EXPECTED = [
  ['agrees', '+0:00'],
  ['agrees', '+1:00'],
  ['agrees', '+7:00'],
  ['disagrees', '+8:00'],
] as const;

for (const [kind, name, text] of [
  ['claude-trace log', 'session.jsonl', claudeTraceLog()],
  ['HAR file', 'session.har', harLog()],
  ['VCR cassette', 'session.yaml', vcrCassette()],
] as const) {
  test(`a ${kind} replays as a cache timeline: each request predicted beside what was reported, with a verdict and the rule's reasons`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/captures');
    const timeline = page.getByTestId('traffic-timeline');
    await timeline.getByTestId('traffic-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(text) });
    await expect(timeline).toHaveAttribute('data-status', 'read');
    const rows = timeline.getByTestId('traffic-row');
    await expect(rows).toHaveCount(EXPECTED.length);
    await expect(timeline.getByTestId('traffic-source')).toHaveText(`${name}: 4 model requests read as a ${kind}, in the order sent.`);
    for (const [index, [verdict, sent]] of EXPECTED.entries()) {
      const row = rows.nth(index);
      await expect(row).toHaveAttribute('data-verdict', verdict);
      await expect(row.locator('td').first()).toHaveText(`#${index}`);
      await expect(row.locator('td').nth(1)).toHaveText(sent);
    }
    // The expired prefix and the reported miss say why in the rule's words.
    await expect(rows.nth(2)).toContainText('The shared prefix expired at 6:00 before this request.');
    await expect(rows.nth(3).locator('td').nth(4)).toHaveText('0 / 3,340');
    // Only the disagreeing row is set against the report: the prefix it was not served, and who left it.
    await expect(timeline.getByTestId('traffic-disagreement')).toHaveCount(1);
    await expect(rows.nth(3).getByTestId('traffic-disagreement')).toHaveText(
      /^Against the report: Read nothing, though #2 \(\+7:00\) had left about [\d,]+ tokens 1:00 before: Anthropic did not serve a prefix it had been sent, and the log does not say why\.$/,
    );
    // Each row is set against the earlier request it shares the most with; the miss has its price.
    await expect(rows.nth(0).getByTestId('traffic-parting')).toHaveText('No earlier request starts the same way.');
    await expect(rows.nth(3).getByTestId('traffic-parting')).toContainText('Repeats all of #2 (+7:00)');
    await expect(rows.nth(3).getByTestId('traffic-missed-dollars')).toHaveText(/^\$0\.0\d{3}$|^under \$0\.0001$/);
    // Said first in plain words; the rule's own terms open on request.
    await expect(rows.nth(0).getByTestId('traffic-plain')).toHaveText('Nothing earlier in this log starts the same way, so its cache has nothing to reuse.');
    await expect(rows.nth(2).getByTestId('traffic-plain')).toHaveText(
      /^It repeats all of #1 \(\+1:00\): [\d,]+ tokens, yet the cache reads none of them: the shared prefix expired at 6:00 before this request\. (\$0\.0\d{3}|under \$0\.0001) was paid for shared tokens not read\.$/,
    );
    await expect(rows.nth(3).getByTestId('traffic-plain')).toHaveText(
      /^It repeats all of #2 \(\+7:00\): [\d,]+ tokens; the cache reads [\d,]+ of them\. The provider reported reading nothing\. (\$0\.0\d{3}|under \$0\.0001) was paid for shared tokens not read\.$/,
    );
    await expect(rows.nth(3).getByTestId('traffic-disagreement')).toBeHidden();
    await rows.nth(3).getByText('The rule’s reasons and where it parts').click();
    await expect(rows.nth(3).getByTestId('traffic-disagreement')).toBeVisible();
    await expect(timeline.getByTestId('traffic-agreement')).toHaveText(
      'anthropic: 4 requests with reported usage · hit or miss agrees 3 of 4 (75%) · cached share within 5 points 3 of 4 (75%)',
    );
    // The same four requests priced with their breakpoints placed otherwise, beside the bill.
    const whatIf = timeline.getByTestId('what-if');
    await expect(whatIf.getByTestId('what-if-row')).toHaveCount(4);
    await expect(whatIf.locator('[data-placement="as-sent"]').getByTestId('what-if-saving')).toHaveText('—');
    await expect(whatIf.locator('[data-placement="none"]').getByTestId('what-if-saving')).toHaveText(/^costs \$0\.\d+ more$/);
    await expect(whatIf.getByTestId('what-if-billed')).toContainText('Billed');
    expect(errors).toEqual([]);
  });
}

test('a system prompt edited inside its one block is set against the request before it, the two sides aligned', async ({ page }) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline.getByTestId('traffic-file').setInputFiles({ name: 'edited.har', mimeType: 'application/json', buffer: Buffer.from(harLog(EDITED_SYSTEM)) });
  const edited = timeline.getByTestId('traffic-row').nth(1);
  await expect(edited.getByTestId('traffic-parting')).toContainText('Shares 0 tokens with #0 (+0:00), then system_changed at system[0].text');
  await edited.getByText('The rule’s reasons and where it parts').click();
  await edited.getByText('Where they part').click();
  const sides = edited.getByTestId('traffic-parting-sides');
  await expect(sides.locator('del')).toHaveText(['change']);
  await expect(sides.locator('ins')).toHaveText(['commit']);
});

test('where a request asked Anthropic for its cache diagnostics, the provider’s word stands beside Fork Lab’s, a disagreement said as a finding', async ({
  page,
}) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await expect(timeline.getByRole('columnheader', { name: 'The provider’s diagnosis' })).toHaveCount(0);
  await timeline
    .getByTestId('traffic-file')
    .setInputFiles({ name: 'diagnosed.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(claudeTraceLog(DIAGNOSED)) });
  await expect(timeline.getByRole('columnheader', { name: 'The provider’s diagnosis' })).toBeVisible();
  const rows = timeline.getByTestId('traffic-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByTestId('traffic-diagnosis')).toHaveText('Asked with no earlier answer to compare with: the first of its chain.');
  await expect(rows.nth(1).getByTestId('traffic-diagnosis')).toHaveText('Against #0 (+0:00): no divergence. ✓ Fork Lab finds the same');
  await expect(rows.nth(1).getByTestId('traffic-diagnosis')).toHaveAttribute('data-agrees', 'true');
  await expect(rows.nth(3).getByTestId('traffic-diagnosis')).toHaveText(
    'Against #2 (+7:00): messages_changed, 3,340 tokens missed. ✗ Fork Lab finds no divergence: a finding',
  );
  await expect(rows.nth(3).getByTestId('traffic-diagnosis')).toHaveAttribute('data-agrees', 'false');
});

test('a first request that read a cache no request in the log wrote is said to be warmed outside the log, and counted so', async ({ page }) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline
    .getByTestId('traffic-file')
    .setInputFiles({ name: 'warmed.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(claudeTraceLog(WARMED)) });
  const rows = timeline.getByTestId('traffic-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByTestId('traffic-disagreement')).toHaveAttribute('data-kind', 'warmed-outside');
  await expect(rows.nth(0).getByTestId('traffic-disagreement')).toHaveText(
    'Warmed outside the log: Read 3,290 tokens where no earlier request in the log shares a prefix with it: requests the log does not hold had written one (an earlier run, another session of the account).',
  );
  await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'warmed outside');
  await expect(timeline.getByTestId('traffic-agreement')).toHaveText(
    'anthropic: 3 requests with reported usage · hit or miss agrees 2 of 3 (67%) · cached share within 5 points 2 of 3 (67%) · 1 more read a cache warmed outside this log, left out',
  );
});

test('rows stand in the order sent, whatever order the log wrote them in, and a model filter hides the side calls', async ({ page }) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline
    .getByTestId('traffic-file')
    .setInputFiles({ name: 'side.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(claudeTraceLog(SIDE_CALLS)) });
  const rows = timeline.getByTestId('traffic-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.locator('td:nth-child(2)')).toHaveText(['+0:00', '+0:30', '+1:00', '+1:30', '+7:00', '+8:00']);
  const filter = timeline.getByTestId('traffic-model-filter');
  await expect(filter.locator('option')).toHaveText([
    'every model (6 requests)',
    'claude-sonnet-4-20250514 (4 requests)',
    'claude-haiku-4-5-20251001 (2 requests)',
  ]);
  await filter.selectOption('claude-sonnet-4-20250514');
  await expect(rows).toHaveCount(4);
  await expect(rows.locator('td:nth-child(3)')).toHaveText(Array(4).fill('claude-sonnet-4-20250514'));
  // The agreement still counts every request: the filter only hides rows.
  await expect(timeline.getByTestId('traffic-agreement')).toHaveCount(1);
  await filter.selectOption('');
  await expect(rows).toHaveCount(6);
});

test('the timeline is drawn as stacked read / written / uncached bars per request, as reported or predicted, and a bar opens its row', async ({ page }) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline
    .getByTestId('traffic-file')
    .setInputFiles({ name: 'session.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(claudeTraceLog()) });
  const rows = timeline.getByTestId('traffic-row');
  await expect(rows).toHaveCount(4);
  const chart = timeline.getByTestId('timeline-chart');
  await expect(chart).toHaveAttribute('data-basis', 'reported');
  // One bar per row, each the row's reported read / written with what was sent uncached.
  const reported = await rows.locator('td:nth-child(5)').allTextContents();
  const values = (await chart.getAttribute('data-values'))!.split(' ');
  expect(values).toHaveLength(4);
  expect(
    values.map((value) =>
      value
        .split('/')
        .slice(0, 2)
        .map((n) => Math.round(Number(n)).toLocaleString('en-US'))
        .join(' / '),
    ),
  ).toEqual(reported);
  await expect(chart.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  await chart.getByTestId('timeline-chart-basis').selectOption('predicted');
  await expect(chart).toHaveAttribute('data-basis', 'predicted');
  const predicted = await rows.locator('td:nth-child(4)').allTextContents();
  // A prediction may be a fraction of a token (a share of a prefix); the table rounds it, as the bar's tooltip does.
  const predictedValues = (await chart.getAttribute('data-values'))!.split(' ');
  expect(
    predictedValues.map((value) =>
      value
        .split('/')
        .slice(0, 2)
        .map((n) => Math.round(Number(n)).toLocaleString('en-US'))
        .join(' / '),
    ),
  ).toEqual(predicted);
  // The last request's bar, clicked, marks its row and opens the rule's reasons.
  const lastBar = chart.locator('.recharts-bar-rectangle path').last();
  await lastBar.click();
  await expect(rows.nth(3)).toHaveClass(/picked/);
  await expect(rows.nth(3).getByTestId('traffic-details')).toHaveAttribute('open', '');
  // A model filter narrows the chart with the table.
  await timeline
    .getByTestId('traffic-file')
    .setInputFiles({ name: 'side.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(claudeTraceLog(SIDE_CALLS)) });
  await expect(rows).toHaveCount(6);
  await expect.poll(async () => (await chart.getAttribute('data-values'))!.split(' ').length).toBe(6);
  await timeline.getByTestId('traffic-model-filter').selectOption('claude-sonnet-4-20250514');
  await expect.poll(async () => (await chart.getAttribute('data-values'))!.split(' ').length).toBe(4);
});

test('on a phone each request is a card with its verdict and what happened in view, and the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline
    .getByTestId('traffic-file')
    .setInputFiles({ name: 'session.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(claudeTraceLog()) });
  const row = timeline.getByTestId('traffic-row').nth(3);
  await row.scrollIntoViewIfNeeded();
  for (const part of [row.getByTestId('traffic-verdict'), row.getByTestId('traffic-plain')]) {
    await expect(part).toBeInViewport();
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('captured traffic replays on request; offline, it says no provider answered and what to set', async ({ page }) => {
  await page.goto('/captures');
  const captured = page.getByTestId('captured-timeline');
  await captured.getByRole('button', { name: 'Replay captured traffic' }).click();
  await expect(captured).toHaveAttribute('data-status', 'replayed');
  await expect(captured.getByTestId('captured-timeline-empty')).toHaveText(
    /^None of the \d+ newest captures was answered by a provider with its usage: the offline model reports none\. Set FORK_LAB_UPSTREAM_ANTHROPIC or FORK_LAB_UPSTREAM_OPENAI so Fork Lab forwards what runtimes send\.$/,
  );
  await expect(captured.getByRole('button', { name: 'Replay again' })).toBeEnabled();
});

test('a file that is not a traffic log says what is wrong, and the timeline scans clean', async ({ page }) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline.getByTestId('traffic-file').setInputFiles({ name: 'notes.jsonl', mimeType: 'text/plain', buffer: Buffer.from('hello\n{"request": 1}') });
  await expect(timeline.getByTestId('traffic-error')).toHaveText(
    'line 1: not JSON; line 2: not a claude-trace record: Invalid input: expected object, received number',
  );
  await timeline.getByTestId('traffic-file').setInputFiles({ name: 'session.har', mimeType: 'application/json', buffer: Buffer.from(harLog()) });
  await expect(timeline.getByTestId('traffic-row')).toHaveCount(4);
  const scan = await new AxeBuilder({ page }).include('[data-testid="traffic-timeline"]').analyze();
  expect(scan.violations.map((violation) => violation.id)).toEqual([]);
});

test('counting with Anthropic needs its key on the server: without one the page says so, keeps the offline timeline, and unticking reads it again', async ({
  page,
}) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline.getByTestId('traffic-file').setInputFiles({ name: 'session.har', mimeType: 'application/json', buffer: Buffer.from(harLog()) });
  await expect(timeline.getByTestId('traffic-row')).toHaveCount(4);
  await expect(timeline.getByTestId('traffic-token-source')).toHaveText(
    'Tokens: counted offline (o200k) and scaled to each request’s reported total, so shares are compared, not tokenizers.',
  );
  await expect(timeline.getByTestId('traffic-row').first()).toHaveAttribute('data-tokens', 'scaled');
  await timeline.getByTestId('traffic-count-anthropic').check();
  await expect(timeline.getByTestId('traffic-error')).toContainText(
    'No Anthropic key is configured on this server (ANTHROPIC_API_KEY): the counts stay offline, scaled to each reported total.',
  );
  await expect(timeline.getByTestId('traffic-row')).toHaveCount(4);
  await timeline.getByTestId('traffic-count-anthropic').uncheck();
  await expect(timeline).toHaveAttribute('data-status', 'read');
  await expect(timeline.getByTestId('traffic-error')).toHaveCount(0);
  await expect(timeline.getByTestId('traffic-row')).toHaveCount(4);
});

test('requests through OpenRouter replay by their model’s provider in a cache of their own, and one no rule reads is named', async ({ page }) => {
  await page.goto('/captures');
  const timeline = page.getByTestId('traffic-timeline');
  await timeline
    .getByTestId('traffic-file')
    .setInputFiles({ name: 'routed.yaml', mimeType: 'application/octet-stream', buffer: Buffer.from(routedCassette()) });
  await expect(timeline).toHaveAttribute('data-status', 'read');
  await expect(timeline.getByTestId('traffic-source')).toHaveText('routed.yaml: 3 model requests read as a VCR cassette, in the order sent.');
  await expect(timeline.getByTestId('traffic-unreplayed')).toHaveText(
    '1 not replayed: sent to bedrock-runtime.us-east-1.amazonaws.com/model/us.amazon.nova-lite-v1%3A0/converse, where the timeline has no cache rule yet; all with reported usage.',
  );
  await expect(timeline.getByTestId('traffic-agreement')).toHaveText(
    'anthropic via OpenRouter: 2 requests with reported usage · hit or miss agrees 2 of 2 (100%) · cached share within 5 points 2 of 2 (100%)',
  );
  const rows = timeline.getByTestId('traffic-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('td').nth(2)).toHaveText('anthropic/claude-sonnet-4.6');
  // The prompt marked in #0 is sent as a string in #1: the same prompt, so #1 repeats all of #0.
  await expect(rows.nth(1).getByTestId('traffic-parting')).toContainText('Repeats all of #0 (+0:00)');
  // Anthropic's rule through OpenRouter caches at breakpoints: the what-if prices its placements.
  await expect(timeline.getByTestId('what-if').getByTestId('what-if-row')).toHaveCount(4);
});
