import { describe, expect, it } from 'vitest';
import { assistant, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { agentToolNamesFor, inFlightCallMessage } from './in-flight-call';

/** The first open call of the message in flight, as `{ toolCallId, toolName }`. */
function inFlightAgentCall(...args: Parameters<typeof inFlightCallMessage>) {
  const call = inFlightCallMessage(...args)?.open[0];
  return call === undefined ? null : { toolCallId: call.toolCallId, toolName: call.toolName };
}

describe('inFlightCallMessage', () => {
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

  it('gives the message holding the calls and every call of it still open, in order', () => {
    const messages = [
      user('u', 'go'),
      toolCalls('c', [
        { id: 'a1', tool: 'agent', input: { prompt: 'A' } },
        { id: 'r1', tool: 'read_file', input: {} },
        { id: 'a2', tool: 'agent', input: { prompt: 'B' } },
      ]),
      toolResults('t', [{ id: 'a1', tool: 'agent', output: 'started' }]),
      user('n', 'the first fork finished'),
    ];
    expect(inFlightCallMessage(messages)).toEqual({ index: 1, open: [{ toolCallId: 'a2', toolName: 'agent', input: { prompt: 'B' } }] });
    expect(inFlightCallMessage(messages, 2)?.open.map((call) => call.toolCallId)).toEqual(['a1', 'a2']);
    expect(inFlightCallMessage(messages, 1)).toBeNull();
  });
});
