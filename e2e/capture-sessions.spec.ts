import { expect, test } from '@playwright/test';

/**
 * /captures says where to point a runtime: the base URL of each API on the port the app really
 * answers on, under a capture session a person names, with a copy button and the line to paste for
 * each runtime; traffic sent there is listed and cleared apart from everyone else's.
 */
test('the captures page gives the base URLs on its own port, under a named capture session, and that session’s traffic stays apart', async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/captures');
  const panel = page.getByTestId('point-a-runtime');
  await expect(panel.getByTestId('base-url-openai')).toHaveText(`${baseURL}/v1`);
  await expect(panel.getByTestId('base-url-anthropic')).toHaveText(`${baseURL}`);

  // A name no shell or URL could carry is refused where it is typed, saying what a name may be.
  await panel.getByTestId('capture-session-name').fill('my test');
  await expect(panel.getByTestId('capture-session-hint')).toHaveText('A capture session is 1 to 64 letters, digits, dashes or underscores; got "my test".');
  await expect(panel.getByTestId('capture-session-name')).toHaveAttribute('aria-invalid', 'true');

  const session = `e2e-${Date.now()}`;
  await panel.getByTestId('capture-session-name').fill(session);
  const openai = `${baseURL}/capture/${session}/v1`;
  await expect(panel.getByTestId('base-url-openai')).toHaveText(openai);
  await panel.getByTestId('copy-base-url-openai').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(openai);

  // The line to paste for each runtime carries the session's base URL.
  await panel.getByTestId('runtime-commands').locator('summary').click();
  await expect(panel.locator('[data-runtime="qwen-code"]').getByTestId('runtime-command-line')).toContainText(`OPENAI_BASE_URL=${openai} `);
  await expect(panel.locator('[data-runtime="claude-code"]').getByTestId('runtime-command-line')).toContainText(
    `ANTHROPIC_BASE_URL=${baseURL}/capture/${session} `,
  );

  // A runtime at that URL: its traffic is the session's alone, listed and cleared apart.
  const asked = await page.request.post(`${openai}/chat/completions`, {
    data: { model: 'fork-lab-offline', messages: [{ role: 'user', content: `Hello from ${session}` }] },
  });
  expect(asked.status()).toBe(200);
  await page.request.post(`${baseURL}/v1/chat/completions`, { data: { model: 'fork-lab-offline', messages: [{ role: 'user', content: 'elsewhere' }] } });
  const listed = await (await page.request.get(`/api/captures?session=${session}`)).json();
  expect(listed.captures.map((capture: { captureSession: string }) => capture.captureSession)).toEqual([session]);
  const cleared = await page.request.delete(`/api/captures?session=${session}`);
  expect(await cleared.json()).toEqual({ session, deleted: 1 });
  expect((await (await page.request.get(`/api/captures?session=${session}`)).json()).captures).toEqual([]);
  expect((await page.request.delete('/api/captures')).status()).toBe(400);

  // And for a runtime's own CI, where the same endpoint runs inside its tests.
  await expect(panel.getByTestId('ci-kit-hint')).toContainText('fork-lab/kit starts an endpoint like this one inside the test');
});

test('on a phone the base URLs and their copy buttons fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/captures');
  const panel = page.getByTestId('point-a-runtime');
  await expect(panel.getByTestId('base-url-openai')).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
