// The same check as a Playwright test: `forkSession` is a capture session of this test's own on
// the worker's Fork Lab endpoint, cleared when the test ends.
import { expectCacheReuse, expectChildFollowsRule, expectResultDeliveredOnce } from 'fork-lab/kit';
import { expect, test } from 'fork-lab/kit/playwright';
import { runScriptedRuntime } from '../scripted-runtime.mjs';

test("the fork is what Claude Code's rules plan, reuses the parent's cache, and reports once", async ({ forkSession }) => {
  await runScriptedRuntime({ baseUrl: forkSession.baseUrl('anthropic-messages'), mistake: process.env.SCRIPTED_RUNTIME_MISTAKE });
  const forks = await expectChildFollowsRule(forkSession, 'claude-code');
  expect(forks).toHaveLength(1);
  await expectCacheReuse(forkSession, { rules: 'claude-code', atLeastPercent: 100 });
  await expectResultDeliveredOnce(forkSession, { rules: 'claude-code' });
});
