import { describe, expect, it } from 'vitest';
import { claudeCodeAgentUsage, type UsageLine } from './agent-usage';

const usage = (read: number, written: number, input: number, output: number) => ({
  cache_read_input_tokens: read,
  cache_creation_input_tokens: written,
  input_tokens: input,
  output_tokens: output,
});
const line = (uuid: string, parentUuid: string | null, type: string, record: Record<string, unknown>): UsageLine => ({
  uuid,
  parentUuid,
  type,
  record: { uuid, parentUuid, type, ...record },
});
const answer = (id: string, u: ReturnType<typeof usage>, model = 'claude-sonnet-4-20250514') => ({ message: { id, model, role: 'assistant', usage: u } });

describe('claudeCodeAgentUsage', () => {
  it('sums each agent apart, an answer once however many lines it was written in', () => {
    const lines = [
      line('p1', null, 'user', { message: { role: 'user', content: 'Review the repo.' } }),
      // One answer in two lines (text, then a Task call): the same usage, the last line's output.
      line('p2', 'p1', 'assistant', answer('msg_1', usage(0, 15000, 4, 10))),
      line('p3', 'p2', 'assistant', answer('msg_1', usage(0, 15000, 4, 90))),
      // An older CLI: the sub-agent's lines in the parent's file, a chain of sidechain lines.
      line('s1', null, 'user', { isSidechain: true, message: { role: 'user', content: 'Find   every caller\nof parseDate.' } }),
      line('s2', 's1', 'assistant', { isSidechain: true, ...answer('msg_2', usage(14000, 900, 3, 40)) }),
      line('s3', 's2', 'user', { isSidechain: true, message: { role: 'user', content: [{ type: 'tool_result', content: 'x' }] } }),
      line('s4', 's3', 'assistant', { isSidechain: true, ...answer('msg_3', usage(14900, 200, 3, 50)) }),
      // A newer CLI names the sub-agent.
      line('a1', null, 'user', { isSidechain: true, agentId: 'a77', message: { role: 'user', content: 'Run the tests.' } }),
      line('a2', 'a1', 'assistant', { isSidechain: true, agentId: 'a77', ...answer('msg_4', usage(0, 0, 800, 20), 'claude-3-5-haiku-20241022') }),
      line('p4', 'p3', 'assistant', answer('msg_5', usage(15000, 300, 2, 30))),
    ];
    expect(claudeCodeAgentUsage(lines)).toEqual([
      {
        agent: 'parent',
        sidechain: false,
        label: 'Parent',
        model: 'claude-sonnet-4-20250514',
        requests: 2,
        usage: { cachedTokens: 15000, writtenTokens: 15300, uncachedTokens: 6, outputTokens: 120 },
      },
      {
        agent: 's1',
        sidechain: true,
        label: 'Find every caller of parseDate.',
        model: 'claude-sonnet-4-20250514',
        requests: 2,
        usage: { cachedTokens: 28900, writtenTokens: 1100, uncachedTokens: 6, outputTokens: 90 },
      },
      {
        agent: 'a77',
        sidechain: true,
        label: 'Run the tests.',
        model: 'claude-3-5-haiku-20241022',
        requests: 1,
        usage: { cachedTokens: 0, writtenTokens: 0, uncachedTokens: 800, outputTokens: 20 },
      },
    ]);
  });

  it('walks a long sidechain once, and survives a parent loop', () => {
    const lines: UsageLine[] = [line('x0', 'x9', 'user', { isSidechain: true, message: { role: 'user', content: 'Loop.' } })];
    for (let index = 1; index < 10; index += 1) lines.push(line(`x${index}`, `x${index - 1}`, 'user', { isSidechain: true }));
    const [agent] = claudeCodeAgentUsage(lines);
    expect(agent).toMatchObject({ sidechain: true, requests: 0 });
  });
});
