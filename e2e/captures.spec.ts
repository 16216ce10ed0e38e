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
  await expect(row).toContainText('(guessed from its Agent tool)');
  await expect(page.getByTestId('session-row').first()).toBeVisible();

  // Checked by another runtime's rules, the same child differs from what those rules would send.
  await page.getByTestId('captures-runtime').selectOption('deepseek-completed-turns');
  const asDeepseek = page.getByTestId('fork-row').filter({ hasText: 'deepseek-completed-turns' }).first();
  await expect(asDeepseek.getByTestId('fork-verdict')).not.toHaveAttribute('data-verdict', 'matches', { timeout: 10_000 });

  // The parent's conversation opens in the playground like an imported file.
  const parentSession = page.getByTestId('session-row').filter({ hasText: 'The deploy password is swordfish-42.' }).first();
  const latest = (await parentSession.getAttribute('data-captures'))!.split(' ').at(-1);
  await parentSession.getByTestId('open-capture').click();
  // Opening imports the body on the server and saves the workspace before it navigates: beside the
  // 10,000-message perf spec on the other worker that has taken more than the default 5 s.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByTestId('import-report-details')).toContainText(`Imported from capture-${latest}.openai-chat.json`);
  await expect(page.getByTestId('timeline-row').first()).toBeVisible();
});
