import type { Dialog, Page } from '@playwright/test';
import { scenarioFile } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';
import { expectExactText } from './pages/playground-page';

const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror="window.__pwned=1">';
const LINK = '[click](javascript:window.__pwned=1)';
const MIXED = `**bold** <b>b</b> ${LINK} <svg onload="window.__pwned=1"></svg> &amp; &lt;`;

/** Nothing in the page ran, or became markup: every hostile string is inert text. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  for (const region of ['timeline', 'child-request', 'child-panel']) {
    const root = page.getByTestId(region);
    if ((await root.count()) === 0) continue;
    // The cache panel's links to its rules' sources are the app's own (data-source-link); nothing else may be markup.
    await expect(root.locator('script, img, svg, iframe, object, embed, a:not([data-source-link])')).toHaveCount(0);
    // Message text is shown in <pre> blocks: any element inside one would be markup from a message.
    // A word diff is the one <pre> with elements: runs of text as span, ins and del, nothing deeper.
    // An invisible character's mark is Fork Lab's own span around it, and nothing else.
    const diff = 'pre[data-testid="cache-explainer-diff"]';
    await expect(root.locator(`pre:not(${diff}) *:not([data-testid="invisible-character"])`)).toHaveCount(0);
    await expect(root.locator(`${diff} > :not(span, ins, del), ${diff} * *`)).toHaveCount(0);
  }
  await expect(page.locator('a[href^="javascript:" i], [onerror], [onload]')).toHaveCount(0);
  await expect(page.locator('script:not([src])').filter({ hasText: '__pwned' })).toHaveCount(0);
}

test('hostile text appended and edited into the parent renders as literal text everywhere', async ({ shared: playground }) => {
  const page = playground.page;
  const dialogs: string[] = [];
  const onDialog = async (dialog: Dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await playground.freshScenario('startup-block', scenarioFile('startup-block').request);

  await test.step('through the composer', async () => {
    await playground.appendMessage('user', SCRIPT);
    await playground.appendMessage('assistant', IMG);
    await playground.appendMessage('user', LINK);
    await playground.appendMessage('assistant', MIXED);
    await expect(playground.parentRows).toHaveCount(15);
    await expectExactText(playground.row(11).getByTestId('row-text'), SCRIPT);
    await expectExactText(playground.row(12).getByTestId('row-text'), IMG);
    await expectExactText(playground.row(13).getByTestId('row-text'), LINK);
    await expectExactText(playground.row(14).getByTestId('row-text'), MIXED);
    await expect(playground.row(13)).toHaveAttribute('data-kind', 'real-user-turn');
    // The window (last real turn) now starts at the link message; the child gets them as copies,
    // then the Agent call Fork Lab writes (no call is in flight), its input redacted.
    await expect(playground.row(13).getByTestId('window-boundary')).toBeVisible();
    await expect(playground.pendingRow).toHaveAttribute('data-index', '15');
    const preview = await playground.renderedPreviewMessages();
    // Qwen sends the startup block and the window's first prompt as one message (Q10a).
    expect(preview.filter((message) => message.source === 'copy').map((message) => message.text)).toEqual([
      `${await playground.row(0).getByTestId('row-text').textContent()}\n${LINK}`,
      MIXED,
      'agent({})',
    ]);
    await expectInert(page, dialogs);
  });

  await test.step('through the message editor, in text and in JSON', async () => {
    await playground.editMessage(9, IMG);
    await expectExactText(playground.row(9).getByTestId('row-text'), IMG);
    // A tool call is edited as JSON: hostile strings in its input stay strings.
    const row = await playground.revealRow(2);
    await row.hover();
    await row.getByTestId('edit-message').click();
    const editor = row.getByTestId('message-editor');
    const json = JSON.parse(await editor.inputValue()) as { content: { input: Record<string, string> }[] };
    json.content[0]!.input = { path: SCRIPT };
    await editor.fill(JSON.stringify(json));
    await row.getByTestId('save-message').click();
    await playground.waitForPlan();
    await expectExactText(playground.row(2).getByTestId('row-text'), `read_file(${JSON.stringify({ path: SCRIPT })})`);
    await expectInert(page, dialogs);
  });

  await test.step('a refused edit says why in text and changes nothing', async () => {
    const row = await playground.revealRow(3);
    await row.hover();
    await row.getByTestId('edit-message').click();
    await row.getByTestId('message-editor').fill(`{"role": "tool", ${SCRIPT}`);
    await row.getByTestId('save-message').click();
    await expect(row.getByTestId('edit-error')).toContainText('This is not valid JSON');
    await expect(playground.scenarioTitle).toHaveText('Startup block · edited (6)');
    await row.getByTestId('edit-message').click();
    await expect(row.getByTestId('message-editor')).toHaveCount(0);
    await expectInert(page, dialogs);
  });

  await test.step('in a launched child', async () => {
    await playground.setField('fork_turns', '2');
    await playground.launch();
    // The child runs, and its output (which quotes its context) comes back to the parent as text:
    // inside Qwen's task notification, XML-escaped as Qwen escapes it.
    await playground.waitForChildRun('finished');
    const output = (await playground.childField('run-output').locator('pre').textContent())!;
    const escaped = output.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
    const reminder = playground.parentRows.last();
    await expect(reminder).toHaveAttribute('data-kind', 'real-user-turn');
    const showAll = reminder.getByRole('button', { name: /^Show all/ });
    if ((await showAll.count()) > 0) await showAll.click();
    await expect(reminder.getByTestId('row-text')).toContainText(`<result>${escaped}</result>`);
    const texts = await playground.childInheritedTexts();
    expect(texts).toContain(LINK);
    expect(texts).toContain(MIXED);
    // The startup block goes out with the window's first prompt, the script (Q10a): one message.
    expect(texts.some((text) => text.endsWith(`\n${SCRIPT}`))).toBe(true);
    await page.getByTestId('toggle-raw-json').click();
    await expect(page.getByTestId('raw-json')).toContainText(JSON.stringify(MIXED).slice(1, -1));
    await expectInert(page, dialogs);
    await page.getByTestId('toggle-raw-json').click();
    await expect(page.getByTestId('raw-json')).toHaveCount(0);
  });
  page.off('dialog', onDialog);
});

const INVISIBLE = 'Pay the invoice \u202egnp.exe\u202c now\u200b, ref\u{e0041}\u{e0042}.';

test('invisible characters in a message show as marks where they stand, applied nowhere, and stay in the text', async ({ shared: playground }) => {
  const page = playground.page;
  await playground.freshScenario('startup-block', scenarioFile('startup-block').request);
  await playground.appendMessage('user', INVISIBLE);
  const text = playground.row(11).getByTestId('row-text');
  // The text is exactly what the model reads: every character is still there, to copy.
  await expectExactText(text, INVISIBLE);
  const marks = text.getByTestId('invisible-character');
  await expect(marks).toHaveCount(5);
  expect(await marks.evaluateAll((spans) => spans.map((span) => span.getAttribute('data-mark')))).toEqual(['RLO', 'PDF', 'ZWSP', 'TAG', 'TAG']);
  await expect(marks.first()).toHaveAttribute('title', 'U+202E (RLO): an invisible character, shown here, not applied');
  // Each is drawn (its mark has a width) and isolated, so the override reorders nothing after it.
  for (const mark of await marks.all()) {
    const shown = await mark.evaluate((span) => ({
      bidi: getComputedStyle(span).unicodeBidi,
      mark: getComputedStyle(span, '::before').content,
      width: span.getBoundingClientRect().width,
    }));
    expect(shown.bidi).toBe('isolate');
    expect(shown.mark).not.toBe('none');
    expect(shown.width).toBeGreaterThan(4);
  }
  // "gnp.exe" reads left to right as written, not reversed into "exe.png": its first letter is left of its last.
  const order = await text.evaluate((pre) => {
    const node = [...pre.childNodes].find((child) => child.textContent === 'gnp.exe')!;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, 1);
    const first = range.getBoundingClientRect().left;
    range.setStart(node, 6);
    range.setEnd(node, 7);
    return { first, last: range.getBoundingClientRect().left };
  });
  expect(order.first).toBeLessThan(order.last);
  // The chat with the parent shows the message the same way: marked, nothing reordered.
  const said = page.getByTestId('parent-chat').getByTestId('invisible-character');
  expect(await said.evaluateAll((spans) => spans.map((span) => span.getAttribute('data-mark')))).toEqual(['RLO', 'PDF', 'ZWSP', 'TAG', 'TAG']);
  // Answered, the message is in the window: the child's request shows the characters it receives, marked.
  await playground.appendMessage('assistant', 'Noted.');
  await expect(page.getByTestId('child-request').getByTestId('invisible-character')).toHaveCount(5);
});
