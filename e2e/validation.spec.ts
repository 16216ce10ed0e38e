import { scenarioFile } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';
import type { FieldName, PlaygroundPage } from './pages/playground-page';

test.describe.configure({ mode: 'parallel' });

const REJECTED_HINT = 'The runtime rejects this call: fix the fields marked in red.';
const NOT_A_FORK_HINT = 'Not a fork: a regular subagent or teammate inherits nothing, so there is nothing to launch here.';

/** The page shows the runtime's rejection beside `field`, and nothing can be launched. */
async function expectRejected(playground: PlaygroundPage, field: FieldName, message: string): Promise<void> {
  const error = playground.error(field);
  await expect(error).toHaveText(message);
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(playground.page.getByTestId(`field-${field}`)).toHaveAttribute('data-invalid', 'true');
  // The field points at its error for assistive technology.
  const describedBy = (await playground.field(field).getAttribute('aria-describedby')) ?? '';
  const errorId = await error.getAttribute('id');
  expect(describedBy.split(' ')).toContain(errorId);
  await expect(playground.launchButton).toBeDisabled();
  await expect(playground.launchHint).toHaveText(REJECTED_HINT);
  await expect(playground.summary).toHaveText('No window: the runtime rejects the call.');
  await expect(playground.windowBoundary).toHaveCount(0);
  await expect(playground.childRequest).toHaveCount(0);
  await expect(playground.planErrors.getByTestId('plan-error')).toHaveText([`${field}: ${message}`]);
  await expect(playground.planErrors.getByTestId('plan-error')).toHaveAttribute('data-parameter', field);
  // Every row says why it is left out.
  await expect(playground.rows.first()).toHaveAttribute('data-reason', 'request-rejected');
  await expect(playground.page.locator('[data-testid="timeline-row"][data-status="inherited"]')).toHaveCount(0);
}

/** No error anywhere, and the fork can be launched. */
async function expectAccepted(playground: PlaygroundPage): Promise<void> {
  await expect(playground.page.locator('[data-testid^="error-"]')).toHaveCount(0);
  await expect(playground.page.locator('[data-invalid]')).toHaveCount(0);
  await expect(playground.planErrors).toHaveCount(0);
  await expect(playground.childRequest).toBeVisible();
  await expect(playground.launchButton).toBeEnabled();
  await expect(playground.launchHint).toHaveCount(0);
}

test('Qwen: every malformed fork_turns, a teammate name and another subagent type are refused with the runtime’s own words; fixing them clears the error', async ({
  shared: playground,
}) => {
  await playground.freshScenario('startup-block', scenarioFile('startup-block').request);
  await expectAccepted(playground);

  const cases: [string, string][] = [
    ['0', '"0"'],
    ['03', '"03"'],
    [' 3 ', '" 3 "'],
    ['-1', '"-1"'],
    ['2.5', '"2.5"'],
    ['none', '"none"'],
    ['ALL', '"ALL"'],
  ];
  for (const [value, shown] of cases) {
    await test.step(`fork_turns ${JSON.stringify(value)}`, async () => {
      await playground.setField('fork_turns', value);
      await expectRejected(playground, 'fork_turns', 'Parameter "fork_turns" must be "all" or a positive integer string such as "3".');
      // Fork Lab's reading of the value sits beside Qwen's words, never inside them.
      await expect(playground.explanation('fork_turns')).toHaveText(
        `Got ${shown}. Qwen takes "all" or a whole number of turns written as a string: 1 or more, digits only, no sign, spaces or leading zero.`,
      );
      await expect(playground.field('fork_turns')).toHaveAttribute('aria-invalid', 'true');
      // The value goes into the URL as typed, so a link reproduces the rejection.
      expect(playground.urlParams().get('fork_turns')).toBe(value);
      await playground.setField('fork_turns', '2');
      await expectAccepted(playground);
      await expect(playground.field('fork_turns')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(playground.row(5).getByTestId('window-boundary')).toHaveText('window starts here · fork_turns "2": the last 2 real user turns');
    });
  }

  await test.step('an empty fork_turns is left out of the call, which Qwen reads as "all"', async () => {
    await playground.setField('fork_turns', '');
    await expectAccepted(playground);
    // Written empty, so a link says the parameter is left out rather than leaving the field to the browser that opens it.
    expect(playground.urlParams().get('fork_turns')).toBe('');
    await expect(playground.summary).toHaveText('3 real turns · 3 tool pairs · 0 reminders · 3 synthetic messages');
    await expect(playground.row(0)).toHaveAttribute('data-reason', 'merged-by-curation');
    await expect(playground.page.locator('[data-testid="timeline-row"][data-status="excluded"]')).toHaveCount(0);
  });

  await test.step('a huge N is every real turn', async () => {
    await playground.setField('fork_turns', '999');
    await expectAccepted(playground);
    await expect(playground.row(1).getByTestId('window-boundary')).toHaveText(
      'window starts here · fork_turns "999": more than the 3 real user turns there are, so all of them',
    );
    await expect(playground.row(0)).toHaveAttribute('data-reason', 'startup-prefix-kept');
  });

  await test.step('a teammate name or another subagent type cannot take fork_turns; without fork_turns they are not forks', async () => {
    await playground.setField('fork_turns', '1');
    await qwenTeammateAndType(playground);
  });

  await test.step('a blank directive is Qwen’s blank prompt, refused before any fork_turns check', async () => {
    const directive = scenarioFile('startup-block').request.directive;
    await playground.setField('fork_turns', '0');
    await playground.setField('directive', '  ');
    await expectRejected(playground, 'directive', 'Parameter "prompt" must be a non-empty string.');
    await expect(playground.explanation('directive')).toHaveText(
      'The directive is the prompt of the Agent call, and it is blank. Qwen refuses it before any other check.',
    );
    await expect(playground.error('fork_turns')).toHaveCount(0);
    await playground.setField('directive', directive);
    await expectRejected(playground, 'fork_turns', 'Parameter "fork_turns" must be "all" or a positive integer string such as "3".');
    await playground.setField('fork_turns', '1');
    await expectAccepted(playground);
  });
});

async function qwenTeammateAndType(playground: PlaygroundPage): Promise<void> {
  await playground.setField('name', 'reviewer');
  await expectRejected(playground, 'name', 'Parameter "fork_turns" cannot be used when spawning a named teammate.');
  await expect(playground.explanation('name')).toHaveText(
    'name is "reviewer": any name, even an empty one, asks for a named teammate. Leave name out to fork.',
  );
  expect(playground.urlParams().get('name')).toBe('reviewer');

  // Without fork_turns, a named teammate is a fresh spawn: valid, but nothing to launch.
  await playground.setField('fork_turns', '');
  await expect(playground.error('name')).toHaveCount(0);
  await expect(playground.planFresh).toContainText('spawns the named teammate "reviewer": it starts with no parent history.');
  await expect(playground.launchButton).toBeDisabled();
  await expect(playground.launchHint).toHaveText(NOT_A_FORK_HINT);
  await expect(playground.summary).toHaveText('No window: not a fork.');
  await expect(playground.rows.first()).toHaveAttribute('data-reason', 'not-a-fork');

  await playground.setField('name', '');
  await playground.setField('fork_turns', '1');
  await expectAccepted(playground);

  await playground.setField('subagent_type', 'general-purpose');
  await expectRejected(playground, 'subagent_type', 'Parameter "fork_turns" can only be used with subagent_type "fork".');
  await expect(playground.explanation('subagent_type')).toHaveText(
    'subagent_type is "general-purpose". fork_turns only applies to subagent_type "fork" (any letter case).',
  );
  // The comparison is case-insensitive.
  await playground.setField('subagent_type', 'FORK');
  await expectAccepted(playground);
  await playground.setField('subagent_type', '');
  await expectRejected(playground, 'subagent_type', 'Parameter "fork_turns" can only be used with subagent_type "fork".');
  await expect(playground.explanation('subagent_type')).toHaveText(
    'subagent_type is left out. fork_turns only applies to subagent_type "fork" (any letter case).',
  );
  await playground.setField('subagent_type', 'fork');
  await expectAccepted(playground);
  await expect(playground.summary).toHaveText('1 real turn · 1 tool pair · 0 reminders · startup kept · 3 synthetic messages');
}

test('Kimi fork: true refuses resume, another profile and another model in Kimi’s own words, with Fork Lab’s explanation beside them', async ({
  shared: playground,
}) => {
  const scenario = scenarioFile('partial-parallel-batch');
  await playground.freshScenario('partial-parallel-batch', scenario.request);
  await expect(playground.policySelect).toHaveValue('kimi-fork');
  await expect(playground.field('fork')).toHaveValue('true');
  await expectAccepted(playground);

  await playground.setField('resume', 'agent-7');
  await expectRejected(playground, 'resume', 'Cannot set resume when forking the current context. Fork creates a new agent; resume continues an existing one.');
  await expect(playground.page.getByTestId('explanation-resume')).toHaveText(
    'Got resume "agent-7". A fork starts a new agent from a snapshot of your history; to continue an existing agent, pass resume without fork. A resume that is blank after trimming counts as left out.',
  );
  // A resume together with a type is refused first, for any call (Kimi's resolveExecution).
  await playground.setField('subagent_type', 'agent');
  await expectRejected(playground, 'subagent_type', 'Cannot set subagent_type when resuming an existing agent. Resume by agent id only.');
  await playground.setField('subagent_type', '');
  // Kimi trims the id: a whitespace-only resume is no resume.
  await playground.setField('resume', '   ');
  await expectAccepted(playground);
  await playground.setField('resume', '');
  await expectAccepted(playground);

  await playground.setField('subagent_type', 'coder');
  await expectRejected(
    playground,
    'subagent_type',
    "Cannot set a different subagent_type when forking the current context. A fork inherits this agent's own agent type.",
  );
  await expect(playground.page.getByTestId('explanation-subagent_type')).toHaveText(
    'Got subagent_type "coder". A fork is a copy of your own profile "agent": leave subagent_type out or empty, or pass "agent" exactly.',
  );
  await playground.setField('subagent_type', 'agent');
  await expectAccepted(playground);

  // 2.1 declares no model argument without a secondary model pool: its schema refuses any model.
  await playground.setField('model', 'primary');
  await expectRejected(playground, 'model', `Invalid args for tool "Agent": must NOT have additional property 'model'`);
  // The rules read in Kimi's code, where the tool always took a model, refuse another one by name.
  await playground.setField('runtime_version', 'code-read');
  await playground.setField('model', 'gpt-4o');
  await expectRejected(playground, 'model', "Cannot override the model when forking the current context. A fork inherits this agent's model.");
  await expect(playground.page.getByTestId('explanation-model')).toHaveText(
    'Got model "gpt-4o". A fork keeps your own model: leave model out, or pass "primary" or "fork-lab-offline".',
  );
  await playground.setField('model', 'primary');
  await expectAccepted(playground);
  await playground.setField('model', 'fork-lab-offline');
  await expectAccepted(playground);
  await playground.setField('model', '');
  await playground.setField('runtime_version', '2.1');
  await expectAccepted(playground);

  // Kimi's prompt is any string: a blank task forks, and Fork Lab warns beside the child.
  await playground.setField('directive', '  ');
  await expectAccepted(playground);
  await expect(playground.page.getByTestId('plan-warning')).toHaveText([
    'The directive (the task for the child) is blank. Kimi Code accepts a blank prompt, so the child starts with nothing to do.',
  ]);
  await playground.setField('directive', scenario.request.directive);
  await expect(playground.page.getByTestId('plan-warning')).toHaveCount(0);

  // fork: false is a regular subagent: no error, and nothing to launch.
  await playground.setField('fork', 'false');
  await expect(playground.planFresh).toContainText('fork is not set: a regular subagent: it starts with no parent history.');
  await expect(playground.launchButton).toBeDisabled();
  await expect(playground.launchHint).toHaveText(NOT_A_FORK_HINT);
  expect(playground.urlParams().get('fork')).toBe('false');
  await playground.setField('fork', 'true');
  await expectAccepted(playground);
  await expect(playground.summary).toHaveText('1 real turn · 3 tool pairs · 0 reminders · 3 synthetic messages');
});

test('DeepSeek: a depth over the limit and a malformed maxDepth are refused in DeepSeek’s own words, a blank persona and an unknown tool in Fork Lab’s', async ({
  shared: playground,
}) => {
  await playground.freshScenario('mid-turn-fork', scenarioFile('mid-turn-fork').request);
  await expect(playground.policySelect).toHaveValue('deepseek-completed-turns');
  await expectAccepted(playground);

  await playground.setField('maxDepth', '0');
  await expectRejected(playground, 'maxDepth', 'subagent depth 1 exceeds maxDepth 0');
  await expect(playground.page.getByTestId('explanation-maxDepth')).toHaveText(
    'The child would run at depth 1 (its parent’s depth 0, plus one), over the limit of 0: an agent at depth 0 cannot start another subagent.',
  );
  await playground.setField('maxDepth', '1');
  await expectAccepted(playground);

  for (const [value, shown] of [
    ['-1', 'number -1'],
    ['1.5', 'number 1.5'],
    ['three', '"three"'],
  ] as const) {
    await playground.setField('maxDepth', value);
    await expectRejected(playground, 'maxDepth', 'subagent maxDepth must be a non-negative safe integer');
    await expect(playground.page.getByTestId('explanation-maxDepth')).toHaveText(
      `Got ${shown}. maxDepth must be a whole number from 0 to 9007199254740991 (2^53 − 1); 0 forbids delegation, and left out it is 3.`,
    );
  }
  await playground.setField('maxDepth', '');
  await expectAccepted(playground);

  // DeepSeek's prompt is any string: a blank task starts a child, and Fork Lab warns beside it.
  const directive = scenarioFile('mid-turn-fork').request.directive;
  await playground.setField('directive', '');
  await expectAccepted(playground);
  await expect(playground.page.getByTestId('plan-warning')).toHaveText([
    'The directive (the task for the child) is blank. DeepSeek Harness accepts a blank prompt, so the child starts with nothing to do.',
  ]);
  await playground.setField('directive', directive);
  await expect(playground.page.getByTestId('plan-warning')).toHaveCount(0);

  await playground.setField('persona', '   ');
  await expectRejected(playground, 'persona', 'persona must be a non-empty string: the child\'s persona, in place of the deployment\'s (got "   ").');
  await playground.setField('persona', 'You are a careful reviewer.');
  await expectAccepted(playground);
  await expect(playground.previewSystem).toHaveText('You are a careful reviewer.');

  await playground.setField('toolFilter', 'read_file, deploy');
  await expectRejected(
    playground,
    'toolFilter',
    'toolFilter names tools the runtime does not have: deploy. Available: read_file, write_file, search_files, subagent_fork.',
  );
  await playground.setField('toolFilter', 'read_file');
  await expectAccepted(playground);
  await expect(playground.previewTools.locator('li')).toHaveText(['read_file — Read a file from the workspace.']);
  await expect(playground.page.getByTestId('cache-note')).toHaveText(
    'The child’s system instruction differs from the parent’s: a cache reuses none of the parent’s messages, at most what comes before the first difference.',
  );
});
