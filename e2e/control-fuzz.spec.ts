import { expect, test } from '@playwright/test';
import { FORK_POLICIES } from '@/lib/fork';
import { PlaygroundPage } from './pages/playground-page';

test.describe.configure({ mode: 'parallel' });

/** What people type into number-ish fields that is not a number: each must be kept and answered, never crash the page. */
const TYPED = ['-5', '3.5', '999999999999999999999', '1e3', 'three', '\u200f3\u200e', '\u202eall', ' 0 ', ''];
/** Typed key by key: each intermediate value (`-`, `3.`) reaches the page too. */
const KEYED = ['-5', '3.5', '1e3'];

for (const policy of FORK_POLICIES) {
  test(`every fork control of ${policy} takes anything typed without a page error`, async ({ page }) => {
    // Qwen has eight text fields, each typed into thirteen ways.
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.setPolicy(policy);
    const controls = page.getByTestId('fork-controls');
    // Every text field of the form: the runtime's own, the directive, the fork point.
    const fields = controls.locator('input[data-testid^="input-"], textarea[data-testid^="input-"]');
    const ids = await fields.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')!));
    expect(ids).toContain('input-forkPoint');
    for (const id of ids) {
      const field = page.getByTestId(id);
      for (const value of TYPED) {
        await field.fill(value);
        // What was typed stays typed: no snap back, no silent clamp.
        await expect(field, `${id} ← ${JSON.stringify(value)}`).toHaveValue(value);
      }
      for (const value of KEYED) {
        await field.fill('');
        await field.pressSequentially(value);
        await expect(field, `${id} ← ${value} key by key`).toHaveValue(value);
      }
      // A paste of a long block lands whole.
      await field.fill('');
      await field.focus();
      await page.keyboard.insertText(`${'7'.repeat(40)}\n${'x'.repeat(2000)}`);
      await expect(controls, `${id} after a paste`).toBeVisible();
      await field.fill('');
    }
    await expect(controls).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('a fork point that is no fork point says what is allowed beside the field and keeps the plan where it was', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  const forkPoint = playground.field('forkPoint');
  const length = Number(await forkPoint.inputValue());
  await playground.setField('forkPoint', '5');
  for (const [typed, message] of [
    ['3.5', `The fork point is a whole number of messages from 0 to ${length}; “3.5” is not one.`],
    ['-5', `The fork point is a whole number of messages from 0 to ${length}; “-5” is not one.`],
    [
      String(length + 1),
      `The fork point is a whole number of messages from 0 to ${length}; the parent has only ${length} messages, so ${length + 1} is past its end.`,
    ],
  ] as const) {
    await forkPoint.fill(typed);
    await expect(playground.error('forkPoint')).toHaveText(message);
    await expect(forkPoint).toHaveValue(typed);
    // Nothing launches past a field that says it is wrong.
    await expect(page.getByTestId('launch-beside-preview')).toBeDisabled();
    // The fork stays at 5: the URL (the view's state) has not moved.
    expect(playground.urlParams().get('point')).toBe('5');
  }
  // Leaving the field keeps the wrong value and its error; a cleared field waits for the next digit.
  await playground.blurFields();
  await expect(forkPoint).toHaveValue(String(length + 1));
  await forkPoint.fill('');
  await expect(forkPoint).toHaveValue('');
  await expect(playground.error('forkPoint')).toHaveCount(0);
  await forkPoint.pressSequentially('4');
  await expect.poll(() => playground.urlParams().get('point')).toBe('4');
  await playground.waitForPlan();
  await expect(page.getByTestId('launch-beside-preview')).toBeEnabled();
});
