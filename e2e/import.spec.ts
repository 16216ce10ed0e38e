import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** Hand-written sessions in the CLIs' shapes; the importer's own tests use the same files. */
const OWN = `${__dirname}/../lib/import/fixtures/own`;
const claudeSession = readFileSync(`${OWN}/claude-code/streamed-tool-session.jsonl`, 'utf8');

test.describe('importing a transcript', () => {
  test('a session with sub-agents: what each agent cost, the parent and every sidechain, each answer once', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.dropFile('task-subagent-usage.jsonl', readFileSync(`${OWN}/claude-code/task-subagent-usage.jsonl`, 'utf8'));
    await playground.waitForImported('task-subagent-usage.jsonl');
    const rows = page.getByTestId('agent-usage-row');
    await expect(rows).toHaveCount(3);
    // The parent's first answer is written in three lines; it is one request. Dollars at claude-sonnet-4's prices.
    await expect(rows.nth(0)).toHaveAttribute('data-sidechain', 'false');
    await expect(rows.nth(0).locator('td')).toHaveText(['Parentclaude-sonnet-4-20250514', '2', '12,100', '12,400', '8', '180', '$0.05']);
    await expect(rows.nth(1)).toHaveAttribute('data-sidechain', 'true');
    await expect(rows.nth(1).locator('td').first()).toHaveText('Sub-agent: Find broken links in docs/guides.claude-sonnet-4-20250514');
    await expect(rows.nth(1).locator('td').nth(1)).toHaveText('2');
    await expect(rows.nth(1).getByTestId('agent-usage-dollars')).toHaveText('$0.04');
    await expect(rows.nth(2).getByTestId('agent-usage-dollars')).toHaveText('$0.03');
  });

  test('drop a Claude Code session: the parent and the report, a window, a child that runs', async ({ page }) => {
    test.setTimeout(60_000);
    const playground = new PlaygroundPage(page);
    await playground.open();
    const before = await playground.scenarioTitle.textContent();

    await playground.dropFile('streamed-tool-session.jsonl', claudeSession);
    // The session's own AI-written title names it.
    await playground.waitForImported('Tidy the release notes');
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('as Claude Code session (JSONL)');
    await expect(page.getByTestId('import-counts')).toHaveText(
      '9.4 KB, 20 records → 8 messages (1 user, 4 assistant, 3 tool) · 1 real user turn · 3 tool calls, 3 results (each counted, several to a message) · 1 turn end',
    );
    await expect(page.getByTestId('import-entries')).toContainText('line 6: 3 assistant lines merged into message msg_01TidyListFolder');
    await expect(page.getByTestId('import-entries')).toContainText('lines 1, 2: queue-operation: carries no conversation');
    await expect(page.getByTestId('import-entries')).toContainText('system prompt: not stored in this format');
    await expect(playground.parentRows).toHaveCount(await playground.parentRows.count());
    await expect(page.getByText('Parent · 8 messages')).toBeVisible();

    // A Claude Code session opens on Claude Code's fork: that is how it forks.
    await expect(playground.policySelect).toHaveValue('claude-code-fork');
    // A window on the imported parent, under Qwen's rules: its one real user turn.
    await playground.setPolicy('qwen-fork-turns');
    await playground.setField('fork_turns', '1');
    await expect(playground.summary).toContainText('1 real turn · 4 tool pairs');
    await playground.launch();
    await playground.waitForChildRun('finished');

    // The imported parent, its report and its child are saved like any session.
    await playground.waitForSaved();
    await page.reload();
    await playground.waitForPlan();
    // The launch wrote the parent's Agent call and its placeholder result: two edits.
    await expect(playground.scenarioTitle).toHaveText('Tidy the release notes · edited (2)');
    await expect(page.getByTestId('import-report')).toContainText('as Claude Code session (JSONL)');
    await expect(playground.forkTreeChildren).toHaveCount(1);

    // The scenario the page started on is still there, unchanged.
    await playground.pickScenario('startup-block');
    await expect(playground.scenarioTitle).toHaveText(before ?? '');
  });

  test('bad input never makes a session: invalid JSON, binary, empty, an unknown shape', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const title = await playground.scenarioTitle.textContent();
    const error = page.getByTestId('import-error');

    await playground.importPasted('{"type":"user","uuid":"u1",\n{"broken"');
    await expect(error).toContainText('is not valid JSON');
    await expect(error).toContainText('Nothing was imported; your sessions are unchanged.');
    await page.getByTestId('import-close').click();

    await playground.dropFile('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x0d, 0x0a]));
    await expect(error).toHaveText(/This is not a text transcript \(it contains NUL bytes\)/);
    await page.getByTestId('import-close').click();

    await playground.dropFile('empty.jsonl', '');
    await expect(error).toContainText('The input is empty.');
    await page.getByTestId('import-close').click();

    await playground.importPasted('{"hello": "world"}');
    await expect(error).toContainText('Fork Lab does not recognise this transcript (a JSON object with keys hello).');
    await page.getByTestId('import-close').click();

    await expect(playground.scenarioTitle).toHaveText(title ?? '');
    const stored = await playground.storedWorkspace();
    expect(Object.keys(stored?.sessions ?? {}).every((id) => !id.startsWith('import:'))).toBe(true);
  });

  test('pick a Codex rollout with the file picker: its startup context is not a turn, its tool loop is one turn', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await page.getByTestId('open-import').click();
    await page.getByTestId('import-file').setInputFiles(`${OWN}/codex/tool-loop-one-turn.jsonl`);
    await playground.waitForImported('tool-loop-one-turn.jsonl');
    await expect(page.getByTestId('import-report')).toContainText('as Codex CLI rollout (JSONL)');
    await expect(page.getByTestId('import-counts')).toContainText('8 messages (2 user, 3 assistant, 3 tool) · 1 real user turn · 3 tool calls, 3 results');
    await expect(playground.row(0)).toHaveAttribute('data-kind', 'other');
    await expect(playground.row(1)).toHaveAttribute('data-kind', 'real-user-turn');
  });

  test('an ambiguous paste asks for the format, then imports as the one chosen', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.importPasted(
      JSON.stringify([
        { role: 'user', content: 'Plan the release.' },
        { role: 'assistant', content: 'Freeze on Friday.' },
      ]),
    );
    await expect(page.getByTestId('import-error')).toContainText('Choose the format to import it as.');
    await page.getByTestId('import-as-openai-chat').click();
    await playground.waitForImported('OpenAI Chat Completions (messages JSON)');
    await expect(page.getByTestId('import-report')).toContainText('format chosen by you');
  });

  test('export a fork bundle, import it: the same parent, plan and child', async ({ page }) => {
    test.setTimeout(60_000);
    const playground = new PlaygroundPage(page);
    await playground.open('scenario=startup-block');
    await playground.setField('fork_turns', '2');
    await playground.launch();
    await playground.waitForChildRun('finished');
    await playground.waitForPlan();
    const bundle = await playground.download('export-bundle');
    expect(bundle.name).toMatch(/\.fork-bundle\.json$/);
    const exported = JSON.parse(bundle.text);
    expect(exported).toMatchObject({ kind: 'fork-lab/fork-bundle', version: 1 });
    const summary = await playground.summary.textContent();

    await playground.dropFile(bundle.name, bundle.text);
    await playground.waitForImported(exported.title);
    await expect(page.getByTestId('import-report')).toContainText('as Fork Lab fork bundle (JSON)');
    await expect(page.getByTestId('import-exact')).toBeVisible();
    await expect(playground.summary).toHaveText(summary ?? '');
    await expect(playground.forkTreeChildren).toHaveCount(1);
    await expect(playground.field('fork_turns')).toHaveValue('2');

    const openai = await playground.download('export-openai-chat');
    expect(JSON.parse(openai.text).messages[0]).toMatchObject({ role: expect.any(String) });
    const anthropic = await playground.download('export-anthropic');
    expect(JSON.parse(anthropic.text)).toHaveProperty('messages');
    await playground.forkTreeChildren.first().click();
    const markdown = await playground.download('export-child-markdown');
    expect(markdown.text.startsWith('# ')).toBe(true);
  });
});

test('a session on claude-sonnet-4-5 is priced, cache reads and all: no “≥ $0.00” for tokens that cost money', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  const line = (uuid: string, parent: string | null, message: object, type: 'user' | 'assistant') =>
    JSON.stringify({ parentUuid: parent, isSidechain: false, type, sessionId: 's-45', uuid, timestamp: '2026-11-02T10:00:00.000Z', message });
  const session = [
    line('u1', null, { role: 'user', content: 'Where do we stand on the release?' }, 'user'),
    line(
      'a1',
      'u1',
      {
        id: 'msg_sonnet45',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'text', text: 'On track for Thursday.' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 604_000, output_tokens: 100 },
      },
      'assistant',
    ),
  ].join('\n');
  await playground.dropFile('sonnet-4-5.jsonl', session);
  await playground.waitForImported('sonnet-4-5.jsonl');
  // 604,000 read at $0.30, 10 uncached at $3 and 100 out at $15 per million: $0.18.
  await expect(page.getByTestId('agent-usage-dollars').first()).toHaveText('$0.18');
});
