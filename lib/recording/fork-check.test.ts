import { describe, expect, it } from 'vitest';
import type { ForkPolicy, ForkRequest } from '@/lib/fork';
import { checkForks, readCapture } from './fork-check';
import { runtimeThatForks as forkThroughForkLab } from './testing/runtime-that-forks';

/** The forks the check finds in a scripted runtime's traffic. */
async function runtimeThatForks(policy: ForkPolicy, ask: string, mistake?: (request: ForkRequest) => ForkRequest) {
  const store = await forkThroughForkLab(policy, ask, mistake);
  const conversations = await Promise.all(store.list().map((capture) => readCapture(capture.id, capture.api, capture.requestBody)));
  return checkForks(conversations.filter((entry) => entry !== null));
}

describe('checking a runtime from its traffic', () => {
  it("passes a runtime that forks by Qwen Code's rules, naming the runtime it guessed", async () => {
    const findings = await runtimeThatForks('qwen-fork-turns', 'Call agent with subagent_type=fork fork_turns=all prompt: "What is the deploy password?"');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ runtime: 'qwen-fork-turns', guessed: true, verdict: 'matches', difference: null });
    expect(findings[0]!.sharedPrefixMessages).toBe(5);
  });

  it("passes a runtime that forks by Kimi Code's rules", async () => {
    const findings = await runtimeThatForks('kimi-fork', 'Call agent with fork=true prompt: "What is the deploy password?"');
    expect(findings).toMatchObject([{ runtime: 'kimi-fork', verdict: 'matches' }]);
  });

  it('flags a runtime that keeps one turn too many, at the first message it should not have sent', async () => {
    const oneMore = (request: ForkRequest) => ({ ...request, params: { ...request.params, fork_turns: '2' } }) as ForkRequest;
    const findings = await runtimeThatForks(
      'qwen-fork-turns',
      'Call agent with subagent_type=fork fork_turns=1 prompt: "What is the deploy password?"',
      oneMore,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]!.verdict).toBe('differs');
    // With one turn the child starts at the parent's last prompt (message 4); with two it starts two prompts back.
    expect(findings[0]!.difference).toMatchObject({ at: 'messages[0].content' });
    expect(findings[0]!.expectedMessages).toBeLessThan(findings[0]!.actualMessages);
  });
});
