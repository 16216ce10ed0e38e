import { countTokens } from 'gpt-tokenizer';
import { withAgentCall } from '@/lib/agent-call/agent-call';
import { classifyMessages, dispositionAt, type ModelMessage, planFork, runtimeOf } from '@/lib/fork';
import { FORK_WORKER_RULES, OWN_AGENT_CALL_RESULT } from '@/lib/fork/claude-code/fork-directive';
import { OPEN_CALL_RESULT } from '@/lib/fork/kimi/close-open-tool-calls';
import { INHERITANCE_NOTICE } from '@/lib/fork/kimi/inheritance-notice';
import { buildChildMessage, FORK_BEGIN_PROMPT, FORK_DIRECTIVE_ACKNOWLEDGEMENT, FORK_PLACEHOLDER_RESULT } from '@/lib/fork/qwen/child-message';
import { summarizeWindow, windowSummaryLine } from '@/lib/fork-exchange/window-summary';
import { syntheticScenario } from '@/lib/scenarios/synthetic-scenarios';
import { childTokenReport, type TokenCounter } from '@/lib/tokens/child-token-report';
import { BINARY_PART_TOKENS, messageTokenText, toolsTokenText } from '@/lib/tokens/message-token-text';
import { KIND_LABELS } from '@/lib/view/kind-labels';
import { previewText } from '@/lib/view/message-preview';
import { SCENARIO_FACTS, type ScenarioFacts } from './fixtures/scenario-expectations';
import { SCENARIO_INDEX, type ScenarioFile, scenarioFile, withRedactedInputs } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';
import { expectExactText, PlaygroundPage } from './pages/playground-page';

test.describe.configure({ mode: 'parallel' });

function firstPromptText(rule: NonNullable<ScenarioFacts['firstPrompt']>, scenario: ScenarioFile, facts: ScenarioFacts): string {
  const directive = facts.task ?? scenario.request.directive;
  switch (rule) {
    case 'worker-fork-prompt':
      // Claude Code's worker rules from its published prompt fragment, in the tag its reconstructions use.
      return `<fork-boilerplate>\n${FORK_WORKER_RULES}\n</fork-boilerplate>\n\nYour directive: ${directive}`;
    case 'inter-agent-task': {
      // Codex's InterAgentCommunication, serialised in its fields' order, from /root to the task's path.
      const taskName = (scenario.request.params as { task_name: string }).task_name;
      return JSON.stringify({ author: '/root', recipient: `/root/${taskName}`, other_recipients: [], content: directive, trigger_turn: true });
    }
    case 'agent-message-task': {
      // Codex 0.169's agent message: its header and the call's message, two texts the preview shows a line apart.
      const taskName = (scenario.request.params as { task_name: string }).task_name;
      return `Message Type: NEW_TASK\nTask name: /root/${taskName}\nSender: /root\nPayload:\n\n${directive}`;
    }
    case 'fork-begin-prompt':
      return FORK_BEGIN_PROMPT;
    case 'fork-directive-prompt':
      return buildChildMessage(directive, '0.24');
    case 'notice-and-task-prompt':
      return `${INHERITANCE_NOTICE}\n\n${directive}`;
    case 'task-prompt':
      return directive;
  }
}

/** The text the preview shows for a synthetic message, from the engine's literal strings. */
function syntheticText(rule: string, scenario: ScenarioFile, toolNames: string[]): string | null {
  switch (rule) {
    case 'fork-placeholder-result':
      // Claude Code 2.1.328 answers the fork's own call alone (its first here); Qwen every call of the message.
      if (scenario.request.policy === 'claude-code-fork') return `${toolNames[0]} → ${OWN_AGENT_CALL_RESULT}`;
      return toolNames.map((name) => `${name} → ${FORK_PLACEHOLDER_RESULT}`).join('\n');
    case 'fork-directive-message':
      return buildChildMessage(scenario.request.directive, '0.24');
    case 'fork-directive-acknowledgement':
      return FORK_DIRECTIVE_ACKNOWLEDGEMENT;
    case 'call-aborted':
      // Codex 0.169 answers each open call "aborted": here the fork's own, then its sibling's.
      return `${toolNames[0]} → aborted`;
    default:
      return null;
  }
}

test('the built-in scenario list matches public/scenarios/index.json, with both synthetic parents', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await expect(page).toHaveTitle('Fork Lab');
  await expect(page.getByRole('heading', { level: 1, name: 'Fork Lab' })).toBeVisible();
  expect(SCENARIO_INDEX).toHaveLength(18);
  const options = await playground.scenarioSelect
    .locator('option')
    .evaluateAll((elements) => elements.map((element) => ({ value: (element as HTMLOptionElement).value, label: element.textContent })));
  expect(options).toEqual([
    ...SCENARIO_INDEX.map((entry) => ({ value: entry.id, label: entry.title })),
    { value: 'synthetic-1000', label: 'Synthetic parent · about 1,000 messages' },
    { value: 'synthetic-10000', label: 'Synthetic parent · about 10,000 messages' },
  ]);
  // The default scenario, shown at / with its own request written into the URL.
  await expect(playground.scenarioSelect).toHaveValue('startup-block');
  expect(Object.fromEntries(playground.urlParams())).toEqual({
    v: '2',
    scenario: 'startup-block',
    policy: 'qwen-fork-turns',
    fork_turns: '1',
    subagent_type: 'fork',
    fork_tools: '',
    fork_profile: '',
    name: '',
    runtime_version: '0.24',
  });
});

for (const entry of SCENARIO_INDEX) {
  test(`scenario ${entry.id}: timeline, window and child request are exactly the engine's`, async ({ shared: playground }) => {
    const page = playground.page;
    const facts = SCENARIO_FACTS[entry.id];
    expect(facts, `facts are written down for ${entry.id}`).toBeDefined();
    const scenario = scenarioFile(entry.id);
    expect(scenario.transcript.messages).toHaveLength(entry.messages);
    // The parent as the preview plans it: with the Agent call Fork Lab writes when none is in flight.
    const { transcript, written } = withAgentCall(scenario.transcript, scenario.request);
    const messages = transcript.messages;
    const plan = planFork(transcript, scenario.request);
    const classifications = classifyMessages(messages);
    const idAt = (index: number) => messages[index]!.id;

    await playground.freshScenario(entry.id, scenario.request);
    await expect(playground.scenarioTitle).toHaveText(entry.title);
    await expect(page.getByText(entry.shows, { exact: true })).toBeVisible();
    await expect(playground.policySelect).toHaveValue(entry.policy);
    await expect(page.getByRole('heading', { level: 2, name: `Parent · ${entry.messages} messages`, exact: true })).toBeVisible();
    expect(playground.urlParams().get('scenario')).toBe(entry.id);

    // Timeline: every row is rendered (short parents fit the virtual list's window), in order, each
    // with its kind, its turn number, what the fork does with it and why, and its text.
    const hasWindow = runtimeOf(entry.policy).controls.window !== undefined;
    const expectedRows = messages.map((message, index) => {
      const classification = classifications[index]!;
      const disposition = dispositionAt(plan.parent, index)!;
      const text = previewText(message.message);
      const turn = classification.turnFromEnd === undefined ? null : String(classification.turnFromEnd);
      return {
        index,
        id: message.id,
        kind: classification.kind,
        turn,
        status: disposition.status,
        reason: disposition.reason,
        badge: `${KIND_LABELS[classification.kind]}${turn === null ? '' : ` ${turn}`}`,
        // A real turn's badge is a button that starts the window there, for a runtime whose window counts turns.
        badgeTag: hasWindow && classification.kind === 'real-user-turn' ? 'BUTTON' : 'SPAN',
        disposition: disposition.reason === 'in-window' ? disposition.status : `${disposition.status} · ${disposition.reason.replaceAll('-', ' ')}`,
        text: text.length <= 280 ? text : `${text.slice(0, 280)}…`,
      };
    });
    await expect.poll(() => playground.rowDisplays()).toEqual(expectedRows);
    for (const [id, expected] of Object.entries(facts!.rows)) {
      const row = expectedRows.find((candidate) => candidate.id === id);
      expect(row, `row ${id}`).toBeDefined();
      expect(`${row!.status} ${row!.reason}`, `row ${id}`).toBe(expected);
    }
    await expect(playground.pendingRow).toHaveCount(written === null ? 0 : 1);

    // The window boundary: on exactly one row, saying what the window is.
    if (facts!.boundaryId === null) {
      expect(plan.window?.start ?? null).toBeNull();
      await expect(playground.windowBoundary).toHaveCount(0);
    } else {
      expect(idAt(plan.window!.start!)).toBe(facts!.boundaryId);
      await expect(playground.windowBoundary).toHaveCount(1);
      await expect(playground.boundaryRow()).toHaveAttribute('data-id', facts!.boundaryId);
      await expect(playground.windowBoundary).toHaveText(`window starts here · ${plan.window!.description}`);
    }
    // A request the runtime refuses: its words beside the field, no window, and nothing to launch.
    if (facts!.refusal !== undefined) {
      expect(plan.errors.map((error) => [error.parameter, error.message])).toEqual([[facts!.refusal.parameter, facts!.refusal.message]]);
      await expect(page.getByTestId(`error-${facts!.refusal.parameter}`)).toContainText(facts!.refusal.message);
      await expect(playground.summary).toHaveText('No window: the runtime rejects the call.');
      await expect(playground.launchButton).toBeDisabled();
      return;
    }
    expect(windowSummaryLine(summarizeWindow(plan, classifications))).toBe(facts!.summary);
    await expect(playground.summary).toHaveText(facts!.summary);

    // The child's first request: each initial message's origin and text.
    await expect(playground.childRequest).toBeVisible();
    const initial = plan.child!.initialMessages;
    if (initial.length === 0) {
      await expect(playground.previewMessages).toHaveCount(0);
      await expect(playground.previewMessagesList).toHaveText('none: the child starts from its first prompt alone');
    } else {
      await expect(playground.previewMessages.first()).toBeVisible();
    }
    // A child longer than the screen (Codex 0.169's) is read by scrolling the virtual list through.
    const preview = initial.length === 0 ? [] : await playground.allPreviewMessages();
    expect(preview).toHaveLength(initial.length);
    const origin = (message: (typeof preview)[number]) =>
      message.source === 'copy'
        ? `copy ${message
            .parentIndex!.split(',')
            .map((index) => idAt(Number(index)))
            .join(',')}${message.change === null ? '' : ` ${message.change}`}`
        : `synthetic ${message.rule}`;
    expect(preview.map(origin)).toEqual(
      initial.map((message) =>
        message.source.kind === 'copy'
          ? `copy ${message.source.parentIds.join(',')}${message.source.change === undefined ? '' : ` ${message.source.change}`}`
          : `synthetic ${message.source.rule}`,
      ),
    );
    const shownOrigins = preview.map(origin);
    for (const fact of facts!.previewIncludes) expect(shownOrigins, `the child receives ${fact}`).toContain(fact);
    expect(shownOrigins.filter((item) => item === 'synthetic open-call-closed')).toHaveLength(
      facts!.previewIncludes.filter((item) => item === 'synthetic open-call-closed').length,
    );
    expect(preview.map((message) => message.text)).toEqual(initial.map((message) => previewText(message.message)));
    // Texts the engine writes itself are its literal strings.
    const lastAssistant = [...messages].reverse().find((message) => message.message.role === 'assistant')!.message as ModelMessage;
    const callNames =
      typeof lastAssistant.content === 'string'
        ? []
        : (lastAssistant.content as { type: string; toolName?: string }[]).filter((part) => part.type === 'tool-call').map((part) => part.toolName!);
    for (const [index, message] of preview.entries()) {
      if (message.change === 'tool-inputs-redacted') {
        expect(message.text).toBe(previewText(withRedactedInputs(messages[Number(message.parentIndex)]!.message)));
      } else if (message.rule === 'open-call-closed') {
        const call = initial[index]!.message.content as { toolName: string }[];
        expect(message.text).toBe(`${call[0]!.toolName} → ${OPEN_CALL_RESULT}`);
      } else if (message.source === 'synthetic') {
        const text = syntheticText(message.rule!, scenario, callNames);
        if (text !== null) expect(message.text, `synthetic ${message.rule}`).toBe(text);
      }
    }
    const firstPrompt = plan.child!.firstPrompt;
    const promptRule = facts!.firstPrompt!;
    expect(firstPrompt.source.kind === 'synthetic' ? firstPrompt.source.rule : 'copy').toBe(promptRule);
    await expectExactText(playground.firstPrompt, firstPromptText(promptRule, scenario, facts!));
    await expect(page.getByRole('heading', { level: 3, name: /^First prompt/ })).toContainText(`(synthetic · ${promptRule.replaceAll('-', ' ')})`);

    // Every built-in request is a fork the runtime accepts, so it can be launched.
    await expect(playground.launchButton).toBeEnabled();
    await expect(playground.launchHint).toHaveCount(0);
  });
}

test('a scenario link opens that scenario directly, policy and all', async ({ shared: playground }) => {
  await playground.freshScenario('mid-turn-fork', scenarioFile('mid-turn-fork').request);
  await playground.pickScenario('startup-block');
  await playground.open({ scenario: 'mid-turn-fork' });
  await expect(playground.scenarioSelect).toHaveValue('mid-turn-fork');
  await expect(playground.scenarioTitle).toHaveText('Mid-turn fork (completed turns)');
  await expect(playground.policySelect).toHaveValue('deepseek-completed-turns');
  await expect(playground.field('maxDepth')).toHaveValue('');
  await expect(playground.field('fork_turns')).toHaveCount(0);
  await expect(playground.summary).toHaveText(SCENARIO_FACTS['mid-turn-fork']!.summary);
  await expect(playground.row(7)).toHaveAttribute('data-reason', 'in-flight-turn');
  await expect(playground.scenarioMissing).toHaveCount(0);
});

test('an unknown scenario says so and shows the default one, also for an id naming a file of another shape', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'no-such-scenario' });
  await expect(playground.scenarioMissing).toHaveText('There is no scenario called “no-such-scenario”. Showing “Startup block”.');
  await expect(playground.scenarioMissing).toHaveAttribute('role', 'alert');
  await expect(playground.scenarioSelect).toHaveValue('startup-block');
  await expect(playground.rows).toHaveCount(11);
  await expect(page).toHaveURL(/[?&]scenario=startup-block(&|$)/);

  // public/scenarios/index.json exists but is the list of scenarios: unknown, not a crash.
  await playground.open({ scenario: 'index' });
  await expect(playground.scenarioMissing).toHaveText('There is no scenario called “index”. Showing “Startup block”.');
  await expect(playground.scenarioSelect).toHaveValue('startup-block');
  expect(errors).toEqual([]);
});

test('token totals are o200k counts of exactly what the child receives', async ({ shared: playground }) => {
  const scenario = scenarioFile('startup-block');
  const plan = planFork(scenario.transcript, scenario.request);
  const text = (value: string) => (value.length === 0 ? 0 : countTokens(value, { disallowedSpecial: new Set<string>() }));
  const message = (value: ModelMessage) => {
    const counted = messageTokenText(value);
    return text(counted.text) + counted.binaryParts * BINARY_PART_TOKENS;
  };
  const parentTokens = scenario.transcript.messages.map((entry) => message(entry.message));
  const exact = (tokens: number) => ({ tokens, estimated: false });
  const counter: TokenCounter = {
    encoding: 'o200k_base',
    systemTokens: exact(text(scenario.transcript.profile.systemInstruction)),
    toolTokens: exact(text(toolsTokenText(scenario.transcript.profile.tools))),
    parentTools: scenario.transcript.profile.tools,
    parentMessage: async (index) => exact(parentTokens[index] ?? 0),
    text: async (value) => exact(text(value)),
    tools: async (tools) => exact(text(toolsTokenText(tools))),
    message: async (value) => exact(message(value)),
  };
  const report = (await childTokenReport(plan, counter))!;
  expect(report.total).toBeGreaterThan(0);

  await playground.freshScenario('startup-block', scenario.request);
  await expect(playground.tokensTotal).toHaveText(`${report.total.toLocaleString('en-US')} tok`);
  await expect(playground.tokensParent).toHaveText(`${report.parentNextRequest.toLocaleString('en-US')} tok`);
  const shared = report.sharedPrefix;
  await expect(playground.cachePrefix).toHaveText(
    `${shared.messages} message${shared.messages === 1 ? '' : 's'} · ${shared.tokens.toLocaleString('en-US')} tok`,
  );
  // The figure agrees with the providers' own: none reads more than it, and the one that reads most
  // (Gemini, the system instruction and the tools before the first that differs) reads exactly it.
  const cached = (await playground.page.getByTestId('forecast-cached').allTextContents()).map((value) => Number(value.replace(/,/g, '')));
  expect(cached.length).toBeGreaterThan(0);
  expect(Math.max(...cached)).toBe(shared.tokens);
  expect(shared).toEqual({ messages: 0, tokens: 137 });
  for (const [index, count] of parentTokens.entries()) {
    await expect(playground.row(index).getByTestId('row-tokens')).toHaveText(`${count.toLocaleString('en-US')} tok`);
  }
  await expect(playground.previewSystem).toHaveText(scenario.transcript.profile.systemInstruction);
  // The child's tools, as planned: a Qwen 0.24 fork is not given the agent tool.
  expect(plan.child!.tools.map((tool) => tool.name)).not.toContain('agent');
  await expect(playground.previewTools.locator('li')).toHaveText(
    plan.child!.tools.map((tool) => `${tool.name}${tool.description ? ` — ${tool.description}` : ''}`),
  );
});

test('tool calls and results link to each other; the in-flight call has no result', async ({ shared: playground }) => {
  await playground.freshScenario('startup-block', scenarioFile('startup-block').request);
  await expect(playground.row(2).getByTestId('pair-link')).toHaveText('read_file → #3');
  await expect(playground.row(3).getByTestId('pair-link')).toHaveText('← #2');
  await expect(playground.row(6).getByTestId('pair-link')).toHaveText('write_file → #7');
  await expect(playground.row(7).getByTestId('pair-link')).toHaveText('← #6');
  const open = playground.row(10).getByTestId('pair-link');
  await expect(open).toHaveText('agent → open');
  await expect(open).toBeDisabled();
  await expect(playground.rows.getByTestId('pair-link')).toHaveCount(5);
});

test('the raw JSON is the full plan, and Copy puts exactly that on the clipboard', async ({ shared: playground }) => {
  const page = playground.page;
  const scenario = scenarioFile('partial-parallel-batch');
  await playground.freshScenario('partial-parallel-batch', scenario.request);
  const toggle = page.getByTestId('toggle-raw-json');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('raw-json')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const raw = await page.getByTestId('raw-json').textContent();
  const shown = JSON.parse(raw!) as ReturnType<typeof planFork>;
  const plan = planFork(scenario.transcript, scenario.request);
  expect(shown).toEqual(JSON.parse(JSON.stringify(plan)));
  await page.getByTestId('copy-raw-json').click();
  await expect(page.getByTestId('copy-status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(raw);
  await toggle.click();
  await expect(page.getByTestId('raw-json')).toHaveCount(0);
});

test('a synthetic 1,000-message parent renders only the rows in view', async ({ shared: playground }) => {
  const page = playground.page;
  await playground.freshScenario('synthetic-1000', syntheticScenario('synthetic-1000')!.request);
  await expect(playground.scenarioTitle).toHaveText('Synthetic parent · 1,000 messages');
  await expect(page.getByRole('heading', { level: 2, name: 'Parent · 1,000 messages', exact: true })).toBeVisible();
  await expect(playground.field('fork_turns')).toHaveValue('3');
  const rendered = await playground.rows.count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(100);
  const last = await playground.revealRow(999);
  await expect(last).toHaveAttribute('data-index', '999');
  expect(await playground.rows.count()).toBeLessThan(100);
});
