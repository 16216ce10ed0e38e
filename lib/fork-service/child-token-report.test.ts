import { describe, expect, it } from 'vitest';
import { planFork } from '@/lib/fork';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';
import type { TokenCount } from '@/lib/tokens/token-count';
import { childTokenReport, type TokenCounter } from './child-token-report';

const exact = (tokens: number): TokenCount => ({ tokens, estimated: false });

// A counter where every parent message costs 10 + its index, text costs its length, a tool list
// costs 100 and a message written or changed by the engine costs 1,000: every sum below is traceable.
const counter: TokenCounter = {
  encoding: 'test',
  systemTokens: exact(5),
  toolTokens: exact(100),
  parentMessage: async (index) => exact(10 + index),
  text: async (text) => exact(text.length),
  tools: async () => exact(100),
  message: async () => exact(1000),
};

describe('childTokenReport', () => {
  const parent = parentOf([user('u1', 'a'), assistant('a1', 'b'), user('u2', 'c'), assistant('a2', 'd', { turnEnd: 'completed' })], {
    systemInstruction: 'hello',
  });

  it('sums sections and counts the shared prefix when system and tools match', async () => {
    const plan = planFork(parent, { policy: 'deepseek-completed-turns', directive: 'go', params: {} });
    expect(plan.cache).toMatchObject({ systemMatches: true, toolsMatch: true, reusableMessages: 4 });
    expect(await childTokenReport(plan, counter)).toEqual({
      encoding: 'test',
      systemInstruction: 5,
      tools: 100,
      initialMessages: 10 + 11 + 12 + 13,
      firstPrompt: 1000,
      total: 5 + 100 + 46 + 1000,
      parentNextRequest: 5 + 100 + 46,
      sharedPrefix: { messages: 4, tokens: 5 + 100 + 46 },
    });
  });

  it('shares nothing when the system instruction differs (a persona)', async () => {
    const plan = planFork(parent, { policy: 'deepseek-completed-turns', directive: 'go', params: { persona: 'You review.' } });
    expect((await childTokenReport(plan, counter))?.sharedPrefix).toEqual({ messages: 0, tokens: 0 });
  });

  it('has no report for a rejected request', async () => {
    const plan = planFork(parent, { policy: 'qwen-fork-turns', directive: 'go', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '0' } });
    expect(await childTokenReport(plan, counter)).toBeNull();
  });

  it('says the report is an estimate when any count in it is', async () => {
    const plan = planFork(parent, { policy: 'deepseek-completed-turns', directive: 'go', params: {} });
    expect(await childTokenReport(plan, counter)).not.toHaveProperty('estimated');
    const estimatedParent = { ...counter, parentMessage: async (index: number) => ({ tokens: 10 + index, estimated: index === 3 }) };
    expect(await childTokenReport(plan, estimatedParent)).toMatchObject({ estimated: true, total: 5 + 100 + 46 + 1000 });
    const estimatedPrompt = { ...counter, message: async () => ({ tokens: 1000, estimated: true }) };
    expect(await childTokenReport(plan, estimatedPrompt)).toMatchObject({ estimated: true });
  });
});
