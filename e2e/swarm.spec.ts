import { type ForkRequest, familyRequests, planFork } from '@/lib/fork';
import { INHERITANCE_NOTICE } from '@/lib/fork/kimi/inheritance-notice';
import { scenarioFile } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';
import { FamilyLaunch } from './pages/family-launch';

const ID = 'kimi-agent-swarm-fork';

test('a Kimi AgentSwarm with fork: true previews every item’s child, launches them together from one call, and answers that call once', async ({
  shared: playground,
}) => {
  const scenario = scenarioFile(ID);
  const request = scenario.request as ForkRequest;
  const swarm = new FamilyLaunch(playground);
  await playground.freshScenario(ID, request);
  const plan = planFork(scenario.transcript, request);
  const members = plan.family!.members;
  await expect(swarm.members).toHaveCount(members.length);
  for (const [k, member] of members.entries()) {
    await expect(swarm.members.nth(k)).toContainText(member.name);
    await expect(swarm.members.nth(k)).toContainText(member.task);
  }
  // The preview's child is the first member: its own item's prompt behind Kimi's notice.
  await expect(playground.firstPrompt).toHaveText(`${INHERITANCE_NOTICE}\n\n${members[0]!.task}`);
  // Any member can be previewed; each gets the same history and its own prompt.
  await playground.setField('member', '3');
  await expect(playground.firstPrompt).toHaveText(`${INHERITANCE_NOTICE}\n\n${members[2]!.task}`);
  await playground.setField('member', '');
  await expect(playground.launchButton).toHaveText(`Launch ${members.length} children together (AgentSwarm)`);

  const family = await swarm.launch(members.length);
  await expect(family).toContainText('3 children launched together from one call');
  for (const [k, member] of members.entries()) await expect(family.getByTestId('fork-tree-child').nth(k)).toContainText(member.name);
  // Every child's first prompt is its member's: the engine's plan for that member, as launched.
  const plans = familyRequests(request, plan.family).map((memberRequest) => planFork(scenario.transcript, memberRequest));
  expect(plans.map((memberPlan) => memberPlan.family!.member)).toEqual([1, 2, 3]);

  // The swarm call gets one result, once the last child has ended, in Kimi's format.
  await expect(family).toContainText('3 of 3 ended · result delivered to the parent', { timeout: 30_000 });
  const result = playground.rows.nth(scenario.transcript.messages.length);
  // Kimi 2.1 heads every tool result with the wall time the call took.
  await expect(result).toContainText(/AgentSwarm → Wall time: \d+\.\d{3} seconds\s*<agent_swarm_result>/);
  await expect(result).toContainText('<summary>completed: 3</summary>');
  // Once, and whole: no later reminder carries a second, or partial, result.
  await expect(playground.rows.filter({ hasText: 'The forked agents of' })).toHaveCount(0);
});

test('Kimi’s AgentSwarm refusals show beside the field, in Kimi’s words', async ({ shared: playground }) => {
  const request = scenarioFile(ID).request as ForkRequest;
  await playground.freshScenario(ID, request);
  await playground.setField('items', 'only one');
  await expect(playground.error('items')).toHaveText('AgentSwarm requires at least 2 items unless resume_agent_ids is provided.');
  await playground.setField('items', 'a\n a ');
  await expect(playground.error('items')).toHaveText('Duplicate subagent prompts from items 1 and 2. AgentSwarm requires distinct subagents.');
  await playground.setField('items', 'a\nb');
  await playground.setField('subagent_type', 'explore');
  await expect(playground.error('subagent_type')).toHaveText(
    "Cannot set a different subagent_type when forking the current context. A fork inherits this agent's own agent type.",
  );
  await playground.setField('subagent_type', '');
  await playground.setField('description', '');
  await expect(playground.error('description')).toHaveText(`Invalid args for tool "AgentSwarm": must have required property 'description'`);
  await expect(playground.launchButton).toBeDisabled();
});
