import { describe, expect, it } from 'vitest';
import { announcedBy } from './runtime-of-call';

describe('announcedBy', () => {
  it('reads the runtime and release a user agent announces, and the rules of that release', () => {
    expect(announcedBy({ 'user-agent': 'kimi-code-cli/2.1.0' })).toEqual({ policy: 'kimi-fork', release: '2.1.0', runtimeVersion: '2.1' });
    expect(announcedBy({ 'user-agent': 'OpenAI/JS 6.1.0' })).toBeNull();
    expect(announcedBy(undefined)).toBeNull();
  });

  it('picks, of one product’s runtimes, the one whose tool made the call: Kimi’s AgentSwarm apart from its Agent', () => {
    const kimi = { 'user-agent': 'kimi-code-cli/2.1.0' };
    expect(announcedBy(kimi, undefined, 'AgentSwarm')?.policy).toBe('kimi-agent-swarm');
    expect(announcedBy(kimi, undefined, 'Agent')?.policy).toBe('kimi-fork');
    expect(announcedBy(kimi, undefined, 'agentswarm')?.policy).toBe('kimi-agent-swarm');
    // A runtime named is the only one read.
    expect(announcedBy(kimi, 'kimi-fork', 'AgentSwarm')?.policy).toBe('kimi-fork');
    expect(announcedBy(kimi, 'qwen-fork-turns', 'Agent')).toBeNull();
  });
});
