// Your runtime's fork, checked in vitest (or node's test runner): a Fork Lab endpoint in this
// process, a capture session of this test's own, and assertions in the runtime's terms.
import { expectCacheReuse, expectChildFollowsRule, expectResultDeliveredOnce, type ForkLab, startForkLab } from 'fork-lab/kit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runScriptedRuntime } from '../scripted-runtime.mjs';

let lab: ForkLab;
beforeAll(async () => {
  lab = await startForkLab();
});
afterAll(async () => {
  await lab.close();
});

test("the fork is what Claude Code's rules plan, reuses the parent's cache, and reports once", async () => {
  const session = lab.session('vitest-fork');
  await runScriptedRuntime({ baseUrl: session.baseUrl('anthropic-messages'), mistake: process.env.SCRIPTED_RUNTIME_MISTAKE });
  const [fork] = await expectChildFollowsRule(session, 'claude-code');
  expect(fork?.toolName).toBe('Agent');
  await expectCacheReuse(session, { rules: 'claude-code', atLeastPercent: 100 });
  await expectResultDeliveredOnce(session, { rules: 'claude-code' });
});
