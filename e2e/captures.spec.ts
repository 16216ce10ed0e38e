import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import { type ParentTranscript, planFork, runtimeOf, type TranscriptMessage } from '@/lib/fork';
import { expect, test } from './fixtures/shared-page';

const SYSTEM = 'You are a coding agent.';
const history = [
  { role: 'user', content: 'The deploy password is swordfish-42.' },
  { role: 'assistant', content: 'Noted.' },
] as const;

test('a runtime pointed at Fork Lab: its fork shows up on the captures page, checked against the rules, as traffic arrives', async ({ page }) => {
  const declaration = runtimeOf('kimi-fork').agentTool.declaration;
  const tools = [{ type: 'function', function: { name: declaration.name, description: declaration.description, parameters: declaration.inputSchema } }];
  // A marker of this run: the captures page lists every request this server has seen.
  const task = `What is the deploy password? (run ${Date.now()})`;
  const ask = { role: 'user', content: `Call agent with fork=true prompt: "${task}"` };

  await page.goto('/captures');
  await expect(page.getByTestId('captures-view')).toHaveAttribute('data-ready', 'true');

  // The parent asks; the offline model calls the Agent tool.
  const asked = await page.request.post('/v1/chat/completions', {
    data: { model: 'gpt-5', messages: [{ role: 'system', content: SYSTEM }, ...history, ask], tools },
  });
  expect(asked.status()).toBe(200);
  const call = (await asked.json()).choices[0].message.tool_calls[0];
  expect(call.function.name).toBe(declaration.name);

  // The runtime forks by Kimi's rules: the engine plans the child, as the runtime's own code would.
  const callMessage = {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: call.id, toolName: call.function.name, input: JSON.parse(call.function.arguments) }],
  };
  const parent: ParentTranscript = {
    profile: { agentId: 'main', name: 'agent', systemInstruction: SYSTEM, tools: [declaration], model: 'gpt-5', depth: 0 },
    messages: [...history, ask, callMessage].map((message, index) => ({ id: `m${index}`, message }) as TranscriptMessage),
  };
  const child = planFork(parent, runtimeOf('kimi-fork').agentTool.requestFromCall(JSON.parse(call.function.arguments), {}) as never).child!;
  expect((await page.request.post('/v1/chat/completions', { data: toOpenAiChatRequest(child) })).status()).toBe(200);
  // The parent goes on, its call answered.
  const answered = { role: 'tool', tool_call_id: call.id, content: 'Fork started.' };
  const parentNext = {
    model: 'gpt-5',
    messages: [{ role: 'system', content: SYSTEM }, ...history, ask, { role: 'assistant', content: null, tool_calls: [call] }, answered],
    tools,
  };
  expect((await page.request.post('/v1/chat/completions', { data: parentNext })).status()).toBe(200);

  // The page asks again every 2 s: the fork appears without a reload.
  const row = page.getByTestId('fork-row').filter({ hasText: 'kimi-fork' }).first();
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByTestId('fork-verdict')).toHaveAttribute('data-verdict', 'matches');
  await expect(row.getByTestId('fork-guess')).toHaveText('(guessed: its Agent tool fits the call and its rules reproduce the child)');
  await expect(page.getByTestId('session-row').first()).toBeVisible();

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
  const declaration = runtimeOf('kimi-fork').agentTool.declaration;
  const tools = [{ type: 'function', function: { name: declaration.name, description: declaration.description, parameters: declaration.inputSchema } }];
  // Short enough that the session title (its first 80 characters) is the whole prompt.
  const task = `Which? ${Date.now()}`;
  const ask = { role: 'user', content: `Call agent with fork=true prompt: "${task}"` };
  const asked = await page.request.post('/v1/chat/completions', {
    data: { model: 'gpt-5', messages: [{ role: 'system', content: SYSTEM }, ...history, ask], tools },
  });
  const call = (await asked.json()).choices[0].message.tool_calls[0];
  // This runtime forks wrongly: it sends Kimi's child without the parent's first two messages.
  const callMessage = {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: call.id, toolName: call.function.name, input: JSON.parse(call.function.arguments) }],
  };
  const parent: ParentTranscript = {
    profile: { agentId: 'main', name: 'agent', systemInstruction: SYSTEM, tools: [declaration], model: 'gpt-5', depth: 0 },
    messages: [...history, ask, callMessage].map((message, index) => ({ id: `m${index}`, message }) as TranscriptMessage),
  };
  const planned = planFork(parent, runtimeOf('kimi-fork').agentTool.requestFromCall(JSON.parse(call.function.arguments), {}) as never).child!;
  const child = { ...planned, initialMessages: planned.initialMessages.slice(2) };
  await page.request.post('/v1/chat/completions', { data: toOpenAiChatRequest(child) });
  const parentNext = [
    { role: 'system', content: SYSTEM },
    ...history,
    ask,
    { role: 'assistant', content: null, tool_calls: [call] },
    { role: 'tool', tool_call_id: call.id, content: 'Started.' },
  ];
  await page.request.post('/v1/chat/completions', { data: { model: 'gpt-5', messages: parentNext, tools } });

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
  await expect(row.getByTestId('fork-items').locator('summary')).toHaveText('4 same · 0 changed · 0 added · 2 removed');
  await expect(row.getByTestId('fork-item').first()).toHaveAttribute('data-kind', 'removed');
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
