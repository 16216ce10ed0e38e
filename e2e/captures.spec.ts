import type { APIRequestContext } from '@playwright/test';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import { type ChildRequest, type ParentTranscript, planFork, runtimeOf, type TranscriptMessage } from '@/lib/fork';
import { expect, test } from './fixtures/shared-page';

const SYSTEM = 'You are a coding agent.';
const history = [
  { role: 'user', content: 'The deploy password is swordfish-42.' },
  { role: 'assistant', content: 'Noted.' },
] as const;

/**
 * A runtime pointed at Fork Lab that forks by Kimi's rules: the parent asks, the offline model calls
 * the Agent tool, the engine plans the child (as the runtime's own code would), `send` says what of it
 * the runtime sends, and the parent goes on with its call answered.
 */
async function kimiForkThroughForkLab(request: APIRequestContext, task: string, send = (child: ChildRequest) => child) {
  const declaration = runtimeOf('kimi-fork').agentTool.declaration;
  const tools = [{ type: 'function', function: { name: declaration.name, description: declaration.description, parameters: declaration.inputSchema } }];
  const ask = { role: 'user', content: `Call agent with fork=true description=Notes prompt: "${task}"` };
  const asked = await request.post('/v1/chat/completions', {
    data: { model: 'gpt-5', messages: [{ role: 'system', content: SYSTEM }, ...history, ask], tools },
  });
  expect(asked.status()).toBe(200);
  const call = (await asked.json()).choices[0].message.tool_calls[0];
  expect(call.function.name).toBe(declaration.name);
  const callMessage = {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: call.id, toolName: call.function.name, input: JSON.parse(call.function.arguments) }],
  };
  const parent: ParentTranscript = {
    profile: { agentId: 'main', name: 'agent', systemInstruction: SYSTEM, tools: [declaration], model: 'gpt-5', depth: 0 },
    messages: [...history, ask, callMessage].map((message, index) => ({ id: `m${index}`, message }) as TranscriptMessage),
  };
  const child = send(planFork(parent, runtimeOf('kimi-fork').agentTool.requestFromCall(JSON.parse(call.function.arguments), {}) as never).child!);
  expect((await request.post('/v1/chat/completions', { data: toOpenAiChatRequest(child) })).status()).toBe(200);
  const answered = { role: 'tool', tool_call_id: call.id, content: 'Fork started.' };
  const parentNext = [{ role: 'system', content: SYSTEM }, ...history, ask, { role: 'assistant', content: null, tool_calls: [call] }, answered];
  expect((await request.post('/v1/chat/completions', { data: { model: 'gpt-5', messages: parentNext, tools } })).status()).toBe(200);
  return { ask, child };
}

test('a runtime pointed at Fork Lab: its fork shows up on the captures page, checked against the rules, as traffic arrives', async ({ page }) => {
  await page.goto('/captures');
  await expect(page.getByTestId('captures-view')).toHaveAttribute('data-ready', 'true');
  // A marker of this run: the captures page lists every request this server has seen.
  await kimiForkThroughForkLab(page.request, `What is the deploy password? (run ${Date.now()})`);

  // The page asks again every 2 s: the fork appears without a reload.
  const row = page.getByTestId('fork-row').filter({ hasText: 'kimi-fork' }).first();
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByTestId('fork-verdict')).toHaveAttribute('data-verdict', 'matches');
  await expect(row.getByTestId('fork-guess')).toHaveText('(guessed: its Agent tool fits the call and its rules reproduce the child)');
  await expect(page.getByTestId('session-row').first()).toBeVisible();
  // Kimi's fork inherits the whole history whatever the call says: no other window to price is offered.
  await expect(row.getByTestId('window-what-if')).toHaveCount(0);

  // Checked by another runtime's rules, the same child differs from what those rules would send.
  await page.getByTestId('captures-runtime').selectOption('deepseek-completed-turns');
  const asDeepseek = page.getByTestId('fork-row').filter({ hasText: 'deepseek-completed-turns' }).first();
  await expect(asDeepseek.getByTestId('fork-verdict')).not.toHaveAttribute('data-verdict', 'matches', { timeout: 10_000 });

  // The parent's conversation opens in the playground like an imported file.
  const parentSession = page.getByTestId('session-row').filter({ hasText: 'The deploy password is swordfish-42.' }).first();
  const latest = (await parentSession.getAttribute('data-captures'))!.split(' ').at(-1);
  await parentSession.getByTestId('open-capture').click();
  // Opening imports the body on the server and saves the workspace before it navigates (beside the
  // 10,000-message perf spec on the other worker, more than the default 5 s); once there, the
  // playground writes its fork window into the query.
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  await expect(page.getByTestId('import-report-details')).toContainText(`Imported from capture-${latest}.openai-chat.json`);
  await expect(page.getByTestId('timeline-row').first()).toBeVisible();
});

test('a captured fork opens in the playground as a parent with the child the runtime actually sent', async ({ page }) => {
  // Short enough that the session title (its first 80 characters) is the whole prompt. This runtime
  // forks wrongly: it sends Kimi's child without the parent's first two messages.
  const { ask, child } = await kimiForkThroughForkLab(page.request, `Which? ${Date.now()}`, (planned) => ({
    ...planned,
    initialMessages: planned.initialMessages.slice(2),
  }));

  // The fork's child is the capture that carries this run's task.
  const listing = await (await page.request.get('/api/captures')).json();
  const childId = listing.forks.find((fork: { childId: number }) =>
    listing.sessions.some((session: { captureIds: number[]; title: string }) => session.captureIds.includes(fork.childId) && session.title === ask.content),
  ).childId;

  await page.goto('/captures');
  const row = page.locator(`[data-testid="fork-row"][data-child="${childId}"]`);
  await expect(row.getByTestId('fork-verdict')).toHaveAttribute('data-verdict', 'differs');
  await expect(row.getByTestId('fork-guess')).toHaveText('(guessed from the fork boilerplate the child carries)');
  // The compare view's diff: the two messages it left out, then what it repeated of the plan.
  await row.getByTestId('fork-items').locator('summary').click();
  await expect(row.getByTestId('fork-items').locator('summary')).toHaveText('5 same · 0 changed · 0 added · 2 removed');
  await expect(row.getByTestId('fork-item').first()).toHaveAttribute('data-kind', 'removed');
  // Planned beside sent: a message the runtime left out has nothing on the sent side.
  await expect(row.getByTestId('fork-item').first().getByTestId('fork-item-sides')).toHaveText(/^planned.+sent—$/s);
  await row.getByTestId('open-captured-fork').click();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  // The parent up to its call, Kimi's plan in the preview, and the child as the runtime sent it.
  await expect(page.getByTestId('timeline-row')).toHaveCount(4);
  await page.getByTestId('fork-tree-child').first().click();
  const panel = page.getByTestId('child-panel');
  await expect(panel).toContainText(`captured #${childId} (differs)`);
  await panel.getByTestId('child-inherited').locator('summary').click();
  const received = panel.getByTestId('child-inherited-message');
  await expect(received).toHaveCount(child.initialMessages.length + 1);
  await expect(received.first()).toContainText(ask.content);
  await expect(received.first()).toContainText('copy of parent #2');
});
