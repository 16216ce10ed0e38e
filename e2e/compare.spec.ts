import { withAgentCall } from '@/lib/agent-call/agent-call';
import { contextDiff, parentRequest } from '@/lib/compare/context-diff';
import { baselineLine, disagreements, patternLine } from '@/lib/compare/disagreements';
import { firstRequestMessages } from '@/lib/compare/first-request';
import { foldGrid } from '@/lib/compare/grid-folds';
import { inheritanceGrid } from '@/lib/compare/inheritance-grid';
import { outputDiff, outputDiffLine } from '@/lib/compare/output-diff';
import { partDiff } from '@/lib/compare/part-diff';
import { dispositionAt, type ForkPlan, type ForkRequest, planFork } from '@/lib/fork';
import { scenarioFile } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';
import { ComparePage, type GridRowState } from './pages/compare-page';

const DIRECTIVE = 'Write unit tests for parseDate in src/date.ts, covering the edge cases we found.';
const qwen = (turns: string): ForkRequest => ({
  policy: 'qwen-fork-turns',
  directive: DIRECTIVE,
  params: { description: 'Fork', subagent_type: 'fork', fork_turns: turns },
});
const KIMI: ForkRequest = { policy: 'kimi-fork', directive: DIRECTIVE, params: { description: 'Fork', fork: true } };
const DEEPSEEK: ForkRequest = { policy: 'deepseek-completed-turns', directive: DIRECTIVE, params: { description: 'Fork' } };
const CODEX: ForkRequest = {
  policy: 'codex-spawn-agent',
  directive: DIRECTIVE,
  params: { task_name: 'worker', fork_turns: 'all' },
  lock: 'three-fields',
  finalAnswers: 'phase',
};
const CLAUDE_CODE: ForkRequest = {
  policy: 'claude-code-fork',
  directive: DIRECTIVE,
  params: { description: 'Forked worker', subagent_type: 'fork' },
  gate: 'subagent-type-fork',
};
const DEEP_AGENTS: ForkRequest = { policy: 'deep-agents-fork', directive: DIRECTIVE, params: { subagent_type: 'forker' } };

/** The engine's plan for a variant, on the parent as the fork sees it (with the Agent call Fork Lab writes). */
function plan(transcript: Parameters<typeof planFork>[0], request: ForkRequest): ForkPlan {
  return planFork(withAgentCall(transcript, request).transcript, request);
}

/** The rows the grid must show for these plans: every parent message, then what each child adds, by rule. */
function expectGridMatches(rows: GridRowState[], plans: ForkPlan[], parentLength: number) {
  const parentRows = rows.filter((row) => row.kind === 'parent');
  expect(parentRows.map((row) => row.index)).toEqual(Array.from({ length: parentLength }, (_, index) => index));
  plans.forEach((variantPlan, k) => {
    for (const row of parentRows) {
      const expected = dispositionAt(variantPlan.parent, row.index)!;
      expect(row.cells[k], `variant ${k} #${row.index}`).toEqual({ status: expected.status, reason: expected.reason });
    }
    const added = firstRequestMessages(variantPlan.child).flatMap((message) =>
      message.source.kind === 'synthetic'
        ? [message.source.rule]
        : message.source.parentIndexes.some((index) => index >= parentLength)
          ? ['agent-call-written']
          : [],
    );
    expect(
      rows.flatMap((row) => (row.kind === 'added' && row.present[k] ? [row.rule] : [])),
      `variant ${k} added`,
    ).toEqual(added);
  });
}

test.describe('compare view', () => {
  test('a variant per runtime of one parent: each column is exactly the engine’s plan, an edit re-plans one, a rejected call keeps its column', async ({
    page,
  }) => {
    const compare = new ComparePage(page);
    const { transcript } = scenarioFile('startup-block');
    await compare.open('startup-block');
    expect(await compare.letters()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    const requests = [qwen('1'), qwen('all'), KIMI, DEEPSEEK, CODEX, CLAUDE_CODE, DEEP_AGENTS];
    expectGridMatches(
      await compare.gridRows(),
      requests.map((request) => plan(transcript, request)),
      transcript.messages.length,
    );
    await expect(compare.card('A').getByTestId('variant-messages')).toHaveText(String(firstRequestMessages(plan(transcript, qwen('1')).child).length));

    await compare.setField('B', 'fork_turns', '2');
    requests[1] = qwen('2');
    expectGridMatches(
      await compare.gridRows(),
      requests.map((request) => plan(transcript, request)),
      transcript.messages.length,
    );

    // The runtime's own words in the column; the column stays, and takes no part in agreement.
    await compare.setField('B', 'fork_turns', '0');
    await expect(compare.card('B').getByTestId('variant-rejected')).toContainText(
      'Parameter "fork_turns" must be "all" or a positive integer string such as "3".',
    );
    const rows = await compare.gridRows();
    expect(rows.filter((row) => row.kind === 'parent').every((row) => row.cells[1]!.reason === 'request-rejected')).toBe(true);
    requests[1] = qwen('0');
    expectGridMatches(
      rows,
      requests.map((request) => plan(transcript, request)),
      transcript.messages.length,
    );

    // Only the rows where accepted variants disagree.
    await compare.onlyDiffering.check();
    const differing = await compare.gridRows();
    expect(differing.every((row) => row.differs)).toBe(true);
    expect(differing.length).toBe(rows.filter((row) => row.differs).length);
    await compare.onlyDiffering.uncheck();

    // How they disagree, pattern by pattern, as the engine's plans say; a pattern shows its rows alone.
    const plans = requests.map((request) => plan(transcript, request));
    const grid = inheritanceGrid(
      transcript.messages.length,
      plans.map((each) => ({ rejected: each.errors.length > 0, ranges: each.parent, request: firstRequestMessages(each.child) })),
    );
    const found = disagreements(grid, ['A', 'B', 'C', 'D', 'E', 'F', 'G'], 0);
    expect(found.patterns.length).toBeGreaterThan(1);

    // A run of three or more rows that follow one pattern reads as one line (the page opens with every fold closed).
    const folds = foldGrid(
      grid.rows,
      grid.rows.map((_, position) => position),
      found.patternOfRow,
      new Set(),
    ).flatMap((item) => (item.kind === 'fold' ? [item.line] : []));
    expect(folds.length).toBeGreaterThan(0);
    await page.reload();
    await compare.waitPlanned();
    await expect.poll(() => compare.gridFolds()).toEqual(folds);
    const patterns = page.getByTestId('disagreement-pattern');
    await expect(patterns).toHaveText(found.patterns.slice(0, 8).map(patternLine));
    await patterns.first().click();
    await expect(patterns.first()).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await compare.gridRows()).length).toBe(found.patterns[0]!.rows.length);
    await patterns.first().click();
    await expect.poll(async () => (await compare.gridRows()).length).toBe(rows.length);
    await expect(page.getByTestId('against-baseline')).toHaveText(
      found.against.map((difference) => baselineLine(difference, ['A', 'B', 'C', 'D', 'E', 'F', 'G'], 0)),
    );
  });

  test('the context diff marks where a child’s request stops repeating the parent’s next one: the engine’s shared prefix', async ({ page }) => {
    const compare = new ComparePage(page);
    const { transcript } = scenarioFile('startup-block');
    await compare.open('startup-block');
    for (const [letter, request] of [
      ['A', qwen('1')],
      ['C', KIMI],
      ['D', DEEPSEEK],
    ] as const) {
      await compare.chooseDiff(letter, 'parent');
      const variantPlan = plan(transcript, request);
      const expected = contextDiff(parentRequest(withAgentCall(transcript, request).transcript.messages), firstRequestMessages(variantPlan.child));
      const entries = await compare.diffEntries();
      expect(
        entries.map((entry) => entry.kind),
        letter,
      ).toEqual(expected.entries.map((entry) => entry.kind));
      expect(
        entries.findIndex((entry) => entry.firstMismatch),
        letter,
      ).toBe(variantPlan.cache!.sharedMessages);
      await expect(compare.diffSummary).toContainText(`the tools and its first ${variantPlan.cache!.sharedMessages} message`);
    }
    // A changed message opens to a word diff of its parts: A's Agent call has its input redacted. It
    // is the last changed one (the first is the startup block sent with the window's first prompt).
    await compare.chooseDiff('A', 'parent');
    await page.locator('[data-testid="diff-entry"][data-kind="changed"]').last().getByTestId('toggle-part-diff').click();
    const call = transcript.messages.at(-1)!.message;
    const redacted = firstRequestMessages(plan(transcript, qwen('1')).child).find(
      (message) => message.source.kind === 'copy' && message.source.change === 'tool-inputs-redacted',
    )!;
    const removed = partDiff(call, redacted.message).flatMap((part) => part.chunks.filter((chunk) => chunk.change === 'removed').map((chunk) => chunk.text));
    expect(removed.join('')).toContain('"fork_turns":"1"');
    await expect(page.getByTestId('part-diff').locator('del')).toHaveText(removed);
    await expect(page.getByTestId('part-diff').locator('ins')).toHaveCount(0);
  });

  test('variants are added, duplicated, reordered, removed and re-based, and the compare survives a reload', async ({ page }) => {
    const compare = new ComparePage(page);
    await compare.open('startup-block');
    await compare.click('A', 'duplicate');
    expect(await compare.letters()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    await expect(compare.card('B').getByTestId('variant-parameters-line')).toContainText('fork_turns 1 ·');
    await compare.click('D', 'right');
    await expect(compare.card('D')).toHaveAttribute('data-policy', 'deepseek-completed-turns');
    await expect(compare.card('E')).toHaveAttribute('data-policy', 'kimi-fork');
    await compare.click('C', 'baseline');
    await expect(compare.card('C')).toContainText('baseline');
    // A removal is one click, taken back from its toast: the variant returns at its place.
    const removedPolicy = await compare.card('A').getAttribute('data-policy');
    await compare.click('A', 'remove');
    expect(await compare.letters()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    await expect(page.getByTestId('remove-variant-undo-toast')).toContainText('Variant A removed.');
    await page.getByTestId('remove-variant-undo').click();
    await compare.waitPlanned();
    expect(await compare.letters()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    await expect(compare.card('A')).toHaveAttribute('data-policy', removedPolicy!);
    await expect(compare.card('C')).toContainText('baseline');
    await compare.click('A', 'remove');
    expect(await compare.letters()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    await compare.page.getByTestId('add-variant').click();
    await compare.waitPlanned();
    expect(await compare.letters()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    await compare.page.waitForTimeout(800); // the workspace's debounced write
    await page.reload();
    await compare.waitPlanned();
    expect(await compare.letters()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    await expect(compare.card('B')).toContainText('baseline');
    await expect(compare.card('C')).toHaveAttribute('data-policy', 'deepseek-completed-turns');
  });

  test('a directive over the limit stays in its field, said to be too long, and the compare keeps the last one that fits', async ({ page }) => {
    const compare = new ComparePage(page);
    await compare.open('startup-block');
    await compare.directive.fill('Name the release tag.');
    await compare.waitPlanned();
    const overlong = 'x'.repeat(100_001);
    await compare.directive.fill(overlong);
    await expect(page.getByTestId('compare-directive-error')).toHaveText(
      'This directive is 100,001 characters; a compare takes up to 100,000. The variants still use the last one that fit.',
    );
    await expect(compare.directive).toHaveAttribute('aria-invalid', 'true');
    expect((await compare.directive.inputValue()).length).toBe(100_001);
    await page.waitForTimeout(800); // the workspace's debounced write
    await page.reload();
    await compare.waitPlanned();
    await expect(compare.directive).toHaveValue('Name the release tag.');
  });

  test('Run all runs every accepted variant as a child, a rejected one not at all, outputs side by side, kept across a reload', async ({ page }) => {
    const compare = new ComparePage(page);
    await compare.open('startup-block');
    await compare.directive.fill('What is the release tag?');
    await compare.waitPlanned();
    await compare.setField('B', 'fork_turns', '0');
    await page.getByTestId('run-all').click();
    // B is rejected by the runtime: it keeps its error and runs nothing.
    await expect(page.getByTestId('run-all-progress')).toHaveText('6 of 6 done', { timeout: 30_000 });
    await expect(compare.card('B').getByTestId('variant-run')).toHaveCount(0);
    for (const letter of ['A', 'C', 'D', 'E', 'F', 'G']) {
      await expect(compare.card(letter).getByTestId('variant-run')).toHaveAttribute('data-status', 'finished');
    }
    // A's window (the last turn) does not hold the tag; C (Kimi, everything) does.
    await expect(compare.card('A').getByTestId('variant-output')).toHaveText('Nothing in my context mentions “release tag”.');
    await expect(compare.card('C').getByTestId('variant-output')).toContainText('v2.14.3');
    // Each answer is read against the baseline's (A's), which is read against nothing.
    await expect(compare.card('A').getByTestId('variant-output-against-baseline')).toHaveCount(0);
    const baselineAnswer = (await compare.card('A').getByTestId('variant-output').textContent())!;
    for (const letter of ['C', 'D']) {
      const against = outputDiff(baselineAnswer, (await compare.card(letter).getByTestId('variant-output').textContent())!);
      const shown = compare.card(letter).getByTestId('variant-output-against-baseline');
      await expect(shown).toHaveAttribute('data-verdict', against.verdict);
      await expect(shown.locator('p').first()).toHaveText(outputDiffLine(against, 'A'));
    }
    // The parent was not touched: no Agent call answered, no child in the playground's tree.
    await expect(page.getByTestId('compare-parent').locator('..')).toContainText('11 messages');
    await page.waitForTimeout(800); // the workspace's debounced write
    await page.reload();
    await compare.waitPlanned();
    await expect(compare.card('C').getByTestId('variant-output')).toContainText('v2.14.3');
    await compare.setField('C', 'notice', 'system-reminder');
    await expect(compare.card('C').getByTestId('variant-run')).toContainText('From an earlier setting of this variant.');
  });

  test('Share gives a read-only link that opens the same compare in a fresh browser', async ({ page, browser }) => {
    const compare = new ComparePage(page);
    await compare.open('startup-block');
    await compare.setField('B', 'fork_turns', '2');
    const rows = await compare.gridRows();
    await page.getByTestId('sweep-windows').fill('1,all');
    await page.getByTestId('sweep-checks').fill('max-output-tokens:500');
    await page.getByTestId('sweep-run').click();
    await expect(page.getByTestId('sweep-smallest')).toHaveText('Smallest passing window: 1', { timeout: 20_000 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('share').click();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url).toMatch(/\/share\/[0-9a-f]{40}$/);
    // The link is on the clipboard already, and the page says so.
    await expect(page.getByTestId('share-copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const fresh = await browser.newContext();
    const shared = new ComparePage(await fresh.newPage());
    await shared.page.goto(url);
    await shared.waitPlanned();
    await expect(shared.page.getByTestId('shared-note')).toContainText('read-only');
    expect(await shared.gridRows()).toEqual(rows);
    await expect(shared.card('B').getByTestId('variant-parameters-line')).toContainText('fork_turns 2 ·');
    await expect(shared.page.getByTestId('run-all')).toHaveCount(0);
    // Read-only looks read-only: no editing buttons on a card, and in its drawer the fields drawn as text, not as boxes to type in.
    await expect(shared.card('B').getByTestId('variant-duplicate')).toBeHidden();
    await expect(shared.card('B').getByTestId('variant-remove')).toBeHidden();
    await expect(shared.card('B').getByTestId('variant-parameters-open')).toHaveText('Parameters');
    await shared.card('B').getByTestId('variant-parameters-open').click();
    await expect(shared.drawer().getByTestId('input-fork_turns')).toHaveValue('2');
    await expect(shared.drawer().getByTestId('input-fork_turns')).toBeDisabled();
    await expect(shared.drawer().getByTestId('input-fork_turns')).toHaveCSS('border-top-style', 'dashed');
    await shared.page.keyboard.press('Escape');
    await expect(shared.drawer()).toHaveCount(0);
    await expect(shared.page.getByTestId('compare-directive')).toHaveCSS('border-top-style', 'dashed');
    await expect(shared.page.getByTestId('family-gap')).toHaveAttribute('readonly', '');
    // The sweep travels with the compare, read-only: its results, no form to run another.
    await expect(shared.page.getByTestId('sweep-smallest')).toHaveText('Smallest passing window: 1');
    await expect(shared.page.getByTestId('sweep-row')).toHaveCount(2);
    await expect(shared.page.getByTestId('sweep-run')).toHaveCount(0);
    await fresh.close();
  });

  test('is one click from the playground, on the playground’s parent', async ({ shared }) => {
    await shared.freshScenario('reminders-between-turns', scenarioFile('reminders-between-turns').request);
    await shared.page.getByTestId('open-compare').click();
    const compare = new ComparePage(shared.page);
    await compare.waitPlanned();
    await expect(shared.page.getByTestId('compare-parent')).toHaveText('Reminders between turns');
    // Back by the site's own navigation, the one way to every page.
    await shared.page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Playground', exact: true }).click();
    await expect(shared.readyRoot).toBeVisible();
  });
});
