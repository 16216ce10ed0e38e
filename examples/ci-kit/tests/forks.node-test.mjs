// The same check with Node's own test runner (`node --test`): the kit's functions need no framework.
import { after, before, test } from 'node:test';
import { expectCacheReuse, expectChildFollowsRule, expectResultDeliveredOnce, startForkLab } from 'fork-lab/kit';
import { runScriptedRuntime } from '../scripted-runtime.mjs';

/** @type {import('fork-lab/kit').ForkLab} */
let lab;
before(async () => {
  lab = await startForkLab();
});
after(async () => {
  await lab.close();
});

test("the fork is what Claude Code's rules plan, reuses the parent's cache, and reports once", async () => {
  const session = lab.session('node-test-fork');
  await runScriptedRuntime({ baseUrl: session.baseUrl('anthropic-messages'), mistake: process.env.SCRIPTED_RUNTIME_MISTAKE });
  await expectChildFollowsRule(session, 'claude-code');
  await expectCacheReuse(session, { rules: 'claude-code', atLeastPercent: 100 });
  await expectResultDeliveredOnce(session, { rules: 'claude-code' });
});
