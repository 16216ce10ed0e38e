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
  parentTools: [],
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

  it('shares no message when the system instruction differs (a persona), only the tools ahead of it in tools-first order', async () => {
    const plan = planFork(parent, { policy: 'deepseek-completed-turns', directive: 'go', params: { persona: 'You review.' } });
    expect(plan.cache).toMatchObject({ systemMatches: false, toolsMatch: true });
    expect((await childTokenReport(plan, counter))?.sharedPrefix).toEqual({ messages: 0, tokens: 100 });
  });

  it('shares the system instruction and the tools before the first one that differs, and no message', async () => {
    const tool = (name: string) => ({ name, description: name, inputSchema: { type: 'object', properties: {} } });
    const withTools = parentOf(parent.messages, { systemInstruction: 'hello', tools: [tool('read'), tool('grep'), tool('agent')] });
    const plan = planFork(withTools, { policy: 'deepseek-completed-turns', directive: 'go', params: {} });
    const child = {
      ...plan,
      child: { ...plan.child!, tools: [tool('read'), tool('grep'), tool('write')] },
      cache: { ...plan.cache!, toolsMatch: false, reusableMessages: 0 },
    };
    // Each tool costs 30 here: the child's first two are the parent's own, its third is not.
    const perTool: TokenCounter = { ...counter, parentTools: withTools.profile.tools, tools: async (tools) => exact(30 * tools.length) };
    expect((await childTokenReport(child, perTool))?.sharedPrefix).toEqual({ messages: 0, tokens: 5 + 60 });
    // On another model a cache reuses nothing at all.
    expect((await childTokenReport({ ...child, cache: { ...child.cache, modelMatches: false } }, perTool))?.sharedPrefix).toEqual({ messages: 0, tokens: 0 });
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
