import { type Browser, expect, test } from '@playwright/test';
import { type ForkRequest, planFork } from '@/lib/fork';
import { INHERITANCE_NOTICE_REMINDER } from '@/lib/fork/kimi/inheritance-notice';
import { buildChildMessage } from '@/lib/fork/qwen/child-message';
import { scenarioFile } from './fixtures/scenario-files';
import { PlaygroundPage, type ViewState } from './pages/playground-page';

test.describe.configure({ mode: 'parallel' });

/** A brand-new browser context (no storage shared with the first page) that opens links and reads their view. */
async function freshViewer(browser: Browser): Promise<{ view(url: string): Promise<{ view: ViewState; url: string }>; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const playground = new PlaygroundPage(page);
  return {
    async view(url) {
      await page.goto(url);
      await playground.waitForPlan();
      return { view: await playground.viewState(), url: page.url() };
    },
    close: () => context.close(),
  };
}

async function viewInNewContext(browser: Browser, url: string): Promise<{ view: ViewState; url: string }> {
  const viewer = await freshViewer(browser);
  try {
    return await viewer.view(url);
  } finally {
    await viewer.close();
  }
}

/**
 * A view as a link carries it: everything but free text (the directive and a persona, and the first
 * prompt that holds the directive), which stays in the browser that typed it.
 */
function linkedPart(view: ViewState): ViewState {
  const { directive: _directive, persona: _persona, ...fields } = view.fields;
  return { ...view, fields, firstPrompt: null };
}

test('a Qwen view with a fork point survives a copied link into a fresh browser, its directive staying behind', async ({ page, browser }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'reminders-between-turns' });
  await playground.setField('fork_turns', '1');
  const directive = 'Check the round trip: ü & ?#=+ “quotes”';
  await playground.setField('directive', directive);
  // Fork after row 6: the parent as it stood with 7 messages.
  const row = playground.row(6);
  await row.hover();
  await row.getByTestId('fork-after').click();
  await expect(playground.field('forkPoint')).toHaveValue('7');
  await playground.waitForPlan();

  await expect(playground.forkPointMarker).toHaveCount(1);
  await expect(playground.row(7).getByTestId('fork-point-marker')).toHaveText('fork point · the parent as it stood before this message');
  for (const index of [7, 8, 9]) await expect(playground.row(index)).toHaveAttribute('data-reason', 'after-fork-point');
  await expect(playground.row(3).getByTestId('window-boundary')).toHaveText('window starts here · fork_turns "1": the last 1 real user turn');
  // Turn numbers are counted from the fork point: u2 (row 5) is now the latest turn.
  await expect(playground.row(5)).toHaveAttribute('data-turn', '-1');
  await expect(playground.row(1)).toHaveAttribute('data-turn', '-2');
  await expect(playground.row(8)).toHaveAttribute('data-turn', '-1');
  // The last message before the fork point is an answered assistant message: no synthetic messages.
  await expect(playground.summary).toHaveText('1 real turn · 0 tool pairs · 2 reminders · startup kept');
  await expect(playground.previewMessages).toHaveCount(2);
  const expectedPrompt = buildChildMessage(directive, '0.24');
  await expect.poll(() => playground.firstPrompt.textContent()).toBe(expectedPrompt);

  expect(Object.fromEntries(playground.urlParams())).toEqual({
    v: '2',
    scenario: 'reminders-between-turns',
    policy: 'qwen-fork-turns',
    fork_turns: '1',
    subagent_type: 'fork',
    fork_tools: '',
    fork_profile: '',
    name: '',
    runtime_version: '0.24',
    point: '7',
  });

  const here = await playground.viewState();
  const copied = page.url();
  const there = await viewInNewContext(browser, copied);
  expect(there.url).toBe(copied);
  expect(linkedPart(there.view)).toEqual(linkedPart(here));
  // The directive stayed in the browser that typed it: the fresh one has the scenario's.
  expect(there.view.fields.directive).toBe(scenarioFile('reminders-between-turns').request.directive);
  // The browser that typed it keeps it across a reload.
  await page.reload();
  await playground.waitForPlan();
  await expect(playground.field('directive')).toHaveValue(directive);
  expect(there.view.fields.forkPoint).toBe('7');
  expect(there.view.forkPointRow).toBe('7');

  // "At the end" takes the fork point out of the view and the link.
  await page.getByTestId('fork-at-end').click();
  await expect(playground.field('forkPoint')).toHaveValue('10');
  await playground.waitForPlan();
  await expect(playground.forkPointMarker).toHaveCount(0);
  expect(playground.urlParams().has('point')).toBe(false);
});

test('Kimi and DeepSeek views, every parameter of theirs, survive a copied link', async ({ page, browser }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'compaction-summary' });
  // One fresh browser context opens every link of this test.
  const viewer = await freshViewer(browser);

  await test.step('Kimi with fork left out is a regular subagent, and the link says so', async () => {
    await playground.setPolicy('kimi-fork');
    await playground.setField('fork', '');
    await expect(playground.planFresh).toBeVisible();
    expect(playground.urlParams().get('fork')).toBe('omit');
  });

  await test.step('Kimi fork: true in the foreground, with the notice as a reminder', async () => {
    await playground.setField('fork', 'true');
    await playground.setField('run_in_background', 'false');
    await playground.setField('notice', 'system-reminder');
    await playground.setField('directive', 'Review the compaction handling.');
    expect(Object.fromEntries(playground.urlParams())).toEqual({
      v: '2',
      scenario: 'compaction-summary',
      policy: 'kimi-fork',
      fork: 'true',
      run_in_background: 'false',
      resume: '',
      subagent_type: '',
      model: '',
      notice: 'system-reminder',
      runtime_version: '2.1',
    });
    // The reminder variant sends the notice as its own message and the task bare.
    await expect.poll(() => playground.firstPrompt.textContent()).toBe('Review the compaction handling.');
    await playground.scrollPreview('end');
    await expect(playground.previewMessages.last()).toHaveAttribute('data-rule', 'inheritance-notice');
    await expect.poll(() => playground.previewMessages.last().locator('pre').textContent()).toBe(INHERITANCE_NOTICE_REMINDER);
    await playground.scrollPreview('start');
    const here = await playground.viewState();
    const there = await viewer.view(page.url());
    expect(linkedPart(there.view)).toEqual(linkedPart(here));
    expect(there.view.fields).toMatchObject({ fork: 'true', run_in_background: 'false', notice: 'system-reminder', model: '', resume: '', subagent_type: '' });
  });

  await test.step('DeepSeek with a persona, a tool filter and a depth limit', async () => {
    await playground.setPolicy('deepseek-completed-turns');
    await playground.setField('maxDepth', '2');
    await playground.setField('persona', 'You write tests & nothing else.');
    await playground.setField('toolFilter', 'read_file, write_file');
    expect(Object.fromEntries(playground.urlParams())).toEqual({
      v: '2',
      scenario: 'compaction-summary',
      policy: 'deepseek-completed-turns',
      maxDepth: '2',
      toolFilter: 'read_file, write_file',
      runtime_version: '0.1',
    });
    await expect(playground.previewSystem).toHaveText('You write tests & nothing else.');
    await expect(playground.previewTools.locator('code')).toHaveText(['read_file', 'write_file']);
    const here = await playground.viewState();
    const there = await viewer.view(page.url());
    // The persona is prose: it stays here, and the fresh browser plans with the parent's system instruction.
    expect(linkedPart(there.view)).toEqual(linkedPart(here));
    expect(there.view.fields.persona).toBe('');
  });
  await viewer.close();
});

test('Codex and Claude Code views, their parameters and version settings, survive a copied link', async ({ page, browser }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'codex-final-answers' });
  const viewer = await freshViewer(browser);

  await test.step('Codex: the last turn, the later lock and Fork Lab’s final-answer reading', async () => {
    await playground.setField('fork_turns', '1');
    await playground.setField('model', 'gpt-5-mini');
    await playground.setField('lock', 'agent-type-only');
    await playground.setField('finalAnswers', 'last-text-of-turn');
    expect(Object.fromEntries(playground.urlParams())).toMatchObject({
      scenario: 'codex-final-answers',
      policy: 'codex-spawn-agent',
      task_name: 'tests',
      fork_turns: '1',
      model: 'gpt-5-mini',
      lock: 'agent-type-only',
      finalAnswers: 'last-text-of-turn',
    });
    // The task reaches the child as Codex's inter-agent message, from /root to /root/tests.
    await expect.poll(async () => JSON.parse((await playground.firstPrompt.textContent()) ?? '{}').recipient).toBe('/root/tests');
    const here = await playground.viewState();
    const there = await viewer.view(page.url());
    expect(linkedPart(there.view)).toEqual(linkedPart(here));
  });

  await test.step('Claude Code: the older gate, where a call without a type forks', async () => {
    await playground.setPolicy('claude-code-fork');
    await playground.setField('subagent_type', '');
    await playground.setField('gate', 'omitted-type');
    expect(Object.fromEntries(playground.urlParams())).toMatchObject({ policy: 'claude-code-fork', subagent_type: '', gate: 'omitted-type' });
    expect(playground.urlParams().has('description')).toBe(false);
    await expect.poll(() => playground.firstPrompt.textContent()).toContain('Your directive: ');
    const here = await playground.viewState();
    const there = await viewer.view(page.url());
    expect(linkedPart(there.view)).toEqual(linkedPart(here));
  });
  await viewer.close();
});

test('a link written before free text was left out opens exactly the view it spells out, a rejected value included', async ({ page }) => {
  const scenario = scenarioFile('mid-turn-fork');
  const request: ForkRequest = {
    policy: 'deepseek-completed-turns',
    directive: 'Crafted directive',
    params: { maxDepth: 5, persona: 'You review code.', toolFilter: ['read_file', 'search_files'] },
    forkPoint: 6,
  };
  const plan = planFork(scenario.transcript, request);
  expect(plan.errors).toEqual([]);

  const playground = new PlaygroundPage(page);
  await playground.open(
    'scenario=mid-turn-fork&policy=deepseek-completed-turns&maxDepth=5&persona=You+review+code.&toolFilter=read_file%2C+search_files&directive=Crafted+directive&point=6',
  );
  await expect(playground.scenarioSelect).toHaveValue('mid-turn-fork');
  await expect(playground.policySelect).toHaveValue('deepseek-completed-turns');
  await expect(playground.field('maxDepth')).toHaveValue('5');
  await expect(playground.field('persona')).toHaveValue('You review code.');
  await expect(playground.field('toolFilter')).toHaveValue('read_file, search_files');
  await expect(playground.field('directive')).toHaveValue('Crafted directive');
  await expect(playground.field('forkPoint')).toHaveValue('6');
  await expect(playground.row(6).getByTestId('fork-point-marker')).toBeVisible();

  const rows = await playground.renderedRows();
  expect(rows.map((row) => `${row.status} ${row.reason}`)).toEqual(
    scenario.transcript.messages.map((_, index) => {
      const range = plan.parent.find((candidate) => candidate.start <= index && index < candidate.end)!;
      return `${range.status} ${range.reason}`;
    }),
  );
  expect(rows.slice(6).every((row) => row.reason === 'after-fork-point')).toBe(true);
  await expect(playground.row(plan.window!.start!).getByTestId('window-boundary')).toHaveText(`window starts here · ${plan.window!.description}`);
  const preview = await playground.renderedPreviewMessages();
  expect(preview.map((message) => message.parentIndex)).toEqual(
    plan.child!.initialMessages.map((message) => (message.source.kind === 'copy' ? message.source.parentIndexes.join(',') : null)),
  );
  await expect(playground.previewSystem).toHaveText('You review code.');
  await expect(playground.previewTools.locator('code')).toHaveText(['read_file', 'search_files']);
  await expect.poll(() => playground.firstPrompt.textContent()).toBe('Crafted directive');
  await expect(playground.launchButton).toBeEnabled();

  // A rejected value shows the rejection; an unknown policy falls back to the scenario's request.
  await playground.open('scenario=tool-only-turns&policy=qwen-fork-turns&fork_turns=03&subagent_type=fork&directive=x');
  await expect(playground.field('fork_turns')).toHaveValue('03');
  await expect(playground.error('fork_turns')).toHaveText('Parameter "fork_turns" must be "all" or a positive integer string such as "3".');
  await expect(playground.explanation('fork_turns')).toContainText('Got "03".');
  await expect(playground.launchButton).toBeDisabled();

  await playground.open('scenario=image-only-turn&policy=no-such-policy&fork_turns=2');
  await expect(playground.policySelect).toHaveValue('qwen-fork-turns');
  await expect(playground.field('fork_turns')).toHaveValue('1');
  await expect(playground.field('directive')).toHaveValue(scenarioFile('image-only-turn').request.directive);
  expect(Object.fromEntries(playground.urlParams())).toEqual({
    v: '2',
    scenario: 'image-only-turn',
    policy: 'qwen-fork-turns',
    fork_turns: '1',
    subagent_type: 'fork',
    fork_tools: '',
    fork_profile: '',
    name: '',
    runtime_version: '0.24',
  });

  // fork=omit leaves fork out: a regular subagent.
  await playground.open('scenario=image-only-turn&policy=kimi-fork&fork=omit&notice=system-reminder&directive=d');
  await expect(playground.field('fork')).toHaveValue('');
  await expect(playground.field('notice')).toHaveValue('system-reminder');
  await expect(playground.planFresh).toContainText('fork is not set: a regular subagent');
});
