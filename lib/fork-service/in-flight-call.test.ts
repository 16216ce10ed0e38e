import { describe, expect, it } from 'vitest';
import { assistant, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { agentToolNamesFor, inFlightAgentCall } from './in-flight-call';

describe('inFlightAgentCall', () => {
  it('finds the open agent call in the last assistant message, past results of its other calls', () => {
    const messages = [
      user('u', 'go'),
      toolCalls('c', [
        { id: 'r1', tool: 'read_file', input: {} },
        { id: 'a1', tool: 'agent', input: {} },
      ]),
      toolResults('t', [{ id: 'r1', tool: 'read_file', output: 'x' }]),
    ];
    expect(inFlightAgentCall(messages)).toEqual({ toolCallId: 'a1', toolName: 'agent' });
    expect(inFlightAgentCall(messages, 1)).toBeNull();
  });

  it('keeps a swarm call for the swarm runtime and an Agent call for the others', () => {
    const swarm = [user('u', 'go'), toolCalls('c', [{ id: 's1', tool: 'AgentSwarm', input: {} }])];
    const agent = [user('u', 'go'), toolCalls('c', [{ id: 'a1', tool: 'Agent', input: {} }])];
    expect(inFlightAgentCall(swarm, 2, agentToolNamesFor('kimi-fork'))).toBeNull();
    expect(inFlightAgentCall(swarm, 2, agentToolNamesFor('kimi-agent-swarm'))).toEqual({ toolCallId: 's1', toolName: 'AgentSwarm' });
    expect(inFlightAgentCall(agent, 2, agentToolNamesFor('kimi-agent-swarm'))).toBeNull();
    expect(inFlightAgentCall(agent, 2, agentToolNamesFor('claude-code-fork'))).toEqual({ toolCallId: 'a1', toolName: 'Agent' });
  });

  it('looks past a user message that arrived while the call ran', () => {
    expect(inFlightAgentCall([toolCalls('c', [{ id: 'a1', tool: 'agent', input: {} }]), user('u', 'wait')])).toEqual({ toolCallId: 'a1', toolName: 'agent' });
  });

  it('is null when the call was answered or the parent ends with a plain reply', () => {
    expect(
      inFlightAgentCall([toolCalls('c', [{ id: 'a1', tool: 'agent', input: {} }]), toolResults('t', [{ id: 'a1', tool: 'agent', output: 'done' }])]),
    ).toBeNull();
    expect(inFlightAgentCall([assistant('a', 'hi'), user('u', 'go')])).toBeNull();
    expect(inFlightAgentCall([assistant('a', 'hi')])).toBeNull();
  });
});
