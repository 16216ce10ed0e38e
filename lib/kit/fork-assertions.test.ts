import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForkRequest } from '@/lib/fork';
import { runtimeThatForksAt } from '@/lib/recording/testing/runtime-that-forks';
import { expectCacheReuse, expectChildFollowsRule, expectForked, expectResultDeliveredOnce, ForkAssertionError } from './fork-assertions';
import { type ForkLab, startForkLab } from './start-fork-lab';

const ALL = 'Call agent with description=Recall subagent_type=fork fork_turns=all prompt: "What is the deploy password?"';
const ONE = 'Call agent with description=Recall subagent_type=fork fork_turns=1 prompt: "What is the deploy password?"';

/** The assertion's error, to read its message; fails the test if it held. */
async function failure(assertion: Promise<unknown>): Promise<ForkAssertionError> {
  const error = await assertion.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ForkAssertionError);
  return error as ForkAssertionError;
}

describe('the test kit, against a runtime that forks over HTTP', () => {
  let lab: ForkLab;
  beforeAll(async () => {
    lab = await startForkLab();
  });
  afterAll(async () => {
    await lab.close();
  });

  it('passes a runtime that forks as Qwen Code 0.24 plans and delivers the result once', async () => {
    const session = lab.session('follows');
    await runtimeThatForksAt(session.baseUrl(), 'qwen-fork-turns', ALL, { notifications: 1 });
    const forks = await expectChildFollowsRule(session, 'qwen-code@0.24');
    expect(forks).toMatchObject([{ runtime: 'qwen-fork-turns', verdict: 'matches', guessed: false, announced: { runtimeVersion: '0.24' } }]);
    await expectResultDeliveredOnce(session, { rules: 'qwen-code@0.24' });
  });

  it('fails a runtime that keeps one turn too many, showing where the child parts from the plan, message by message', async () => {
    const session = lab.session('one-too-many');
    const oneMore = (request: ForkRequest) => ({ ...request, params: { ...request.params, fork_turns: '2' } }) as ForkRequest;
    await runtimeThatForksAt(session.baseUrl(), 'qwen-fork-turns', ONE, { mistake: oneMore });
    const { message } = await failure(expectChildFollowsRule(session, 'qwen-fork-turns@0.24'));
    const [fork] = await expectForked(session, { rules: 'qwen-fork-turns@0.24' });
    expect(message.split('\n').slice(0, 2)).toEqual([
      '1 of 1 fork(s) are not what qwen-fork-turns@0.24 plans:',
      `fork ${fork!.parentId}→${fork!.childId} (agent call ${fork!.toolCallId}), read by qwen-fork-turns@0.24's rules: the child differs at ${fork!.difference!.at}`,
    ]);
    // The two requests side by side: the turn the rules leave out is two messages the runtime added.
    expect(message.split('\n').slice(2)).toEqual([
      '  planned: "Call agent with description=Recall subagent_type=fork fork_turns=1 prompt: \\"What is the deploy password?\\""',
      '  sent:    "Look at src/date.ts."',
      '  planned 6 messages, sent 8:',
      '  + —         #0        user      copy of parent #2 "Look at src/date.ts."',
      '  + —         #1        assistant copy of parent #3 "It parses dates."',
      '    #0–#5     #2–#7     user      copy of parent #4',
    ]);
  });

  it('fails a result delivered twice, and one never delivered', async () => {
    const twice = lab.session('twice');
    await runtimeThatForksAt(twice.baseUrl(), 'qwen-fork-turns', ALL, { notifications: 2 });
    expect((await failure(expectResultDeliveredOnce(twice, { rules: 'qwen-code' }))).message).toMatch(
      /its result is repeated \(2 in the parent's last request, #\d+\)/,
    );
    const never = lab.session('never');
    await runtimeThatForksAt(never.baseUrl(), 'qwen-fork-turns', ALL);
    expect((await failure(expectResultDeliveredOnce(never, { arrives: 'as-message' }))).message).toMatch(/its result is missing \(0 in/);
  });

  it('measures how much of its parent’s cache prefix a child repeats: all of it for a Claude Code fork, none when the tools change', async () => {
    const claude = lab.session('whole-prefix');
    const ask = 'Call Agent with description=Recall subagent_type=fork prompt: "What is the deploy password?"';
    await runtimeThatForksAt(claude.baseUrl('anthropic-messages'), 'claude-code-fork', ask, { api: 'anthropic-messages' });
    const [reuse] = await expectCacheReuse(claude, { rules: 'claude-code', atLeastPercent: 100 });
    expect(reuse!.sharedTokens).toBe(reuse!.parentTokens);
    // Qwen Code 0.24 withholds tools from a fork, and tools lead the cache order: nothing is reused.
    const qwen = lab.session('tools-change');
    await runtimeThatForksAt(qwen.baseUrl(), 'qwen-fork-turns', ONE);
    const { message } = await failure(expectCacheReuse(qwen, { atLeastPercent: 90 }));
    expect(message).toMatch(
      /^expected each fork to reuse at least 90% of its parent's cache prefix:\nfork \d+→\d+: the child's first request \(#\d+\) repeats 0 of the 478 tokens of the parent's request #\d+ \(0%\); it parts at tools\[0\] \(tools_changed\)\. openai would read 0 from its cache\.$/,
    );
  });

  it('keeps each session’s traffic to itself, forgets one on clear, and says when nothing forked', async () => {
    const mine = lab.session('mine');
    const theirs = lab.session('theirs');
    await runtimeThatForksAt(
      theirs.baseUrl('anthropic-messages'),
      'claude-code-fork',
      'Call Agent with description=Recall subagent_type=fork prompt: "What is the deploy password?"',
      {
        api: 'anthropic-messages',
      },
    );
    expect(await mine.requests()).toEqual([]);
    expect((await failure(expectForked(mine))).message).toBe('expected a fork; none found. no request reached the session: is the runtime given its base URL?');
    expect((await theirs.requests()).map((request) => request.api)).toEqual(['anthropic-messages', 'anthropic-messages', 'anthropic-messages']);
    await expectChildFollowsRule(theirs, 'claude-code');
    expect(await theirs.clear()).toBe(3);
    expect(await theirs.requests()).toEqual([]);
    expect((await lab.session('follows').requests()).length).toBe(3);
  });

  it('refuses a rule no runtime has, saying which there are', async () => {
    const { message } = await failure(expectForked(lab.session('follows'), { rules: 'qwen-code@9.9' }));
    expect(message).toBe('rules: qwen-fork-turns has no release line "9.9"; its lines: 0.24, 0.23');
    expect(() => lab.session('a b')).toThrow('A capture session is 1 to 64 letters, digits, dashes or underscores; got "a b".');
    expect((await failure(expectForked(lab.session('follows'), { count: 0 }))).message).toBe(
      'count is a whole number of forks, 1 or more, not 0: that nothing forked reads as (await session.forks()).length === 0',
    );
  });
});
