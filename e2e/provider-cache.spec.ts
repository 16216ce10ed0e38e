import { expect, test } from './fixtures/shared-page';
import { ComparePage } from './pages/compare-page';
import { PlaygroundPage } from './pages/playground-page';

const PROVIDERS = ['anthropic', 'openai', 'gemini', 'deepseek', 'kimi', 'qwen'];

test.describe('cache, cost and acceptance by provider', () => {
  test('the preview forecasts every provider for a scenario, with its reasons and sources', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open({ scenario: 'mid-turn-fork' });
    const panel = page.getByTestId('provider-cache');
    await expect(panel).toBeVisible();
    const rows = panel.getByTestId('provider-forecast');
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-provider')))).toEqual(PROVIDERS);

    // A small parent: under OpenAI's 1,024-token minimum, so nothing is read, at gpt-5's input price.
    const openai = panel.locator('[data-provider="openai"]');
    await expect(openai.getByTestId('forecast-cached')).toHaveText('0');
    await expect(openai.getByTestId('forecast-cost')).toHaveText(/^\$0\.000\d+$/);
    await openai.getByText(/^Why/).click();
    await expect(openai.getByTestId('forecast-reasons')).toContainText(/under the minimum of 1,024: nothing is read/);
    await expect(openai.getByRole('link', { name: /prices \(2026-12-01 · third party\)/ })).toHaveAttribute('href', /^https:\/\//);

    // DeepSeek's units need no minimum: the child reads the parent's last unit.
    await expect(panel.locator('[data-provider="deepseek"]').getByTestId('forecast-cached')).not.toHaveText('0');
    // Gemini's prices were not verified: the cost says so instead of guessing.
    await expect(panel.locator('[data-provider="gemini"]').getByTestId('forecast-cost')).toHaveText('unknown');
    await expect(panel.getByTestId('acceptance-badge')).toHaveCount(6);
    await expect(page.getByTestId('cache-explainer')).toHaveAttribute('data-reason', /^(none|messages_changed)$/);
  });

  test('a request past a model’s context window is refused with the figure, priced by no one, and said beside Launch', async ({ page }) => {
    test.setTimeout(60_000);
    const playground = new PlaygroundPage(page);
    await playground.open({ scenario: 'synthetic-10000' }, { waitReady: false });
    await playground.waitForPlan(45_000);
    await page.getByTestId('turns-all').click();
    await playground.waitForPlan(45_000);
    const tokens = Number((await playground.tokensTotal.textContent())!.replace(/[^\d]/g, ''));
    // GPT-5 takes 272,000 input tokens; the whole 10,000-message parent is more.
    expect(tokens).toBeGreaterThan(272_000);
    const openai = page.locator('[data-testid="provider-forecast"][data-provider="openai"]');
    await expect(openai.getByTestId('acceptance-badge')).toHaveText('refuses');
    await expect(openai.getByTestId('forecast-cost')).toHaveText('refused');
    await openai.getByText(/^Why/).click();
    await expect(openai.getByTestId('acceptance-findings')).toContainText(
      `refuses: context window (about ${tokens.toLocaleString('en-US')} input tokens; gpt-5 takes at most 272,000 (input, of a 400,000-token window))`,
    );
    // Opus 4.6's window is a million: it takes it, and prices it.
    const anthropic = page.locator('[data-testid="provider-forecast"][data-provider="anthropic"]');
    await expect(anthropic.getByTestId('acceptance-badge')).toHaveText('accepts');
    await expect(anthropic.getByTestId('forecast-cost')).toHaveText(/^\$/);
    await expect(page.getByTestId('launch-warning')).toHaveText(
      `Too long for OpenAI (gpt-5): about ${tokens.toLocaleString('en-US')} input tokens, past its model’s context window. The provider would refuse it unread.`,
    );
    // A window that fits takes the warning away.
    await playground.setField('fork_turns', '3');
    await expect(page.getByTestId('launch-warning')).toHaveCount(0);
    await expect(openai.getByTestId('acceptance-badge')).toHaveText('accepts');
  });

  test('exports carry the cache hints the forecast assumed, and leave them out on request', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open({ scenario: 'mid-turn-fork' });
    await expect(page.getByTestId('provider-cache')).toBeVisible();
    const anthropic = JSON.parse((await playground.download('export-anthropic')).text);
    const markedTools = anthropic.tools.filter((tool: { cache_control?: unknown }) => tool.cache_control !== undefined);
    expect(markedTools).toHaveLength(1);
    expect(anthropic.tools.at(-1).cache_control).toEqual({ type: 'ephemeral' });
    expect(anthropic.system).toEqual([expect.objectContaining({ cache_control: { type: 'ephemeral' } })]);
    expect(anthropic.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
    const openai = JSON.parse((await playground.download('export-openai-chat')).text);
    expect(openai.prompt_cache_key).toBe(await page.getByTestId('export-prompt-cache-key').inputValue());
    expect(openai.prompt_cache_key).not.toBe('');

    await page.getByTestId('export-cache-hints').uncheck();
    expect(JSON.parse((await playground.download('export-openai-chat')).text)).not.toHaveProperty('prompt_cache_key');
    expect(JSON.stringify(JSON.parse((await playground.download('export-anthropic')).text))).not.toContain('cache_control');
  });

  test("editing a variant's system instruction moves the explainer to system_changed", async ({ page }) => {
    const compare = new ComparePage(page);
    await compare.open('mid-turn-fork');
    // C is Kimi's fork, which keeps the parent's tools (B, Qwen 0.24's, withholds agent: tools_changed comes first).
    const before = await compare.cacheReason('C').getAttribute('data-reason');
    const baselineBefore = await compare.cacheReason('A').getAttribute('data-reason');
    expect(before).not.toBe('system_changed');

    await compare.setSystemInstruction('C', 'You are a forked worker. Answer in one line.');
    await expect(compare.cacheReason('C')).toHaveAttribute('data-reason', 'system_changed');
    await expect(compare.cacheReason('C')).toContainText('system_changed at system');
    // Nothing after a changed system instruction is read from any provider's cache.
    for (const cached of await compare.card('C').getByTestId('variant-cache-provider').locator('td:first-of-type').allInnerTexts()) {
      expect(cached).toBe('0');
    }
    // The other variants keep theirs.
    await expect(compare.cacheReason('A')).toHaveAttribute('data-reason', baselineBefore ?? '');

    await compare.setSystemInstruction('C', null);
    await expect(compare.cacheReason('C')).toHaveAttribute('data-reason', before ?? '');
  });

  test('the compare sends its variants as one family: a sibling sent after the prefix expired misses', async ({ page }) => {
    const compare = new ComparePage(page);
    await compare.open('mid-turn-fork');
    const family = page.getByTestId('family-cache');
    await expect(family).toHaveAttribute('data-ready', 'true');
    const kimi = family.locator('[data-testid="family-provider"][data-provider="kimi"]');
    const members = kimi.getByTestId('family-cache-member');
    await expect(members).toHaveCount(await compare.cards.count());
    await expect(members.nth(1)).not.toHaveAttribute('data-missed');
    await expect(kimi.getByTestId('family-cost')).toHaveText(/\$/);

    // Kimi keeps a prefix 5 minutes: sent 6 minutes apart, every sibling after the first misses.
    await page.getByTestId('family-gap').fill('360');
    await expect(members.nth(1)).toHaveAttribute('data-missed', 'true');
    await expect(members.nth(1)).toHaveText('0 · expired first');
    await expect(family.locator('[data-testid="family-ttl"][data-provider="kimi"]')).toContainText('would miss: the prefix expired before');
    // A gap that is none stays as typed, is said to be none, and the forecast keeps the last one.
    await page.getByTestId('family-gap').fill('-5');
    await expect(page.getByTestId('family-gap')).toHaveValue('-5');
    await expect(page.getByTestId('family-gap-error')).toHaveText(
      '“-5” is not a gap: a whole number of seconds from 0 to 86,400 (a day). The forecast below still sends them 360 s apart.',
    );
    await expect(members.nth(1)).toHaveAttribute('data-missed', 'true');
  });

  test("an AgentSwarm preview forecasts the family on Kimi's launch schedule", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open({ scenario: 'kimi-agent-swarm-fork' });
    const table = page.getByTestId('provider-cache').getByTestId('family-cache-table');
    await expect(table).toBeVisible();
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers.slice(1, 3)).toEqual(['#1 at 0:00', '#2 at 0:00']);
  });

  test("a workspace's edited rules change the forecast, survive a reload, and bad ones are refused with their paths", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open({ scenario: 'mid-turn-fork' });
    const openai = page.getByTestId('provider-cache').locator('[data-provider="openai"]');
    const cost = openai.getByTestId('forecast-cost');
    const before = (await cost.textContent()) ?? '';

    // Another model of the same provider: its prices apply at once.
    await openai.getByTestId('forecast-model').selectOption('gpt-4o');
    await expect(cost).not.toHaveText(before);
    const gpt4o = (await cost.textContent()) ?? '';

    // A price edited in the JSON: refused while it is negative, kept once it is valid.
    await page.getByTestId('edit-provider-rules').click();
    const json = page.getByTestId('provider-rules-json');
    const rules = JSON.parse(await json.inputValue());
    const model = rules.models.find((entry: { model: string }) => entry.model === 'gpt-4o');
    model.input = -1;
    await json.fill(JSON.stringify(rules));
    await page.getByTestId('save-provider-rules').click();
    await expect(page.getByTestId('provider-rules-problems')).toContainText(/^models\.\d+\.input: /);
    model.input = 250;
    await json.fill(JSON.stringify(rules));
    await page.getByTestId('save-provider-rules').click();
    await expect(page.getByTestId('provider-rules-dialog')).not.toBeVisible();
    await expect(cost).not.toHaveText(gpt4o);
    const edited = (await cost.textContent()) ?? '';

    await playground.waitForSaved();
    await page.reload();
    await expect(page.getByTestId('provider-cache').locator('[data-provider="openai"]').getByTestId('forecast-cost')).toHaveText(edited);
    await page.getByTestId('reset-provider-rules').click();
    await expect(page.getByTestId('provider-cache').locator('[data-provider="openai"]').getByTestId('forecast-cost')).toHaveText(before);
  });
});
