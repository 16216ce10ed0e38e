import { describe, expect, it } from 'vitest';
import { type ForkRequest, planFork } from '@/lib/fork';
import { assistant, parentOf, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { withAgentCall } from './agent-call';

const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'Check it.', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } };

describe('withAgentCall', () => {
  it('writes the parent’s Agent call when none is in flight, as the runtime’s model would', () => {
    const parent = parentOf([user('u1', 'hi'), assistant('a1', 'hello')]);
    const { transcript, written } = withAgentCall(parent, request);
    expect(written).toEqual({
      id: 'fork-call-3',
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'fork-lab-call-3',
            toolName: 'agent',
            input: { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: 'Check it.' },
          },
        ],
      },
    });
    expect(transcript.messages).toHaveLength(3);
    expect(parent.messages).toHaveLength(2);
    expect(withAgentCall(parent, request)).toMatchObject({ request, agentCall: { toolCallId: 'fork-lab-call-3', toolName: 'agent' } });
    // The fork is then the normal in-flight case: placeholder, directive, acknowledgement, "Begin.".
    expect(planFork(transcript, request).child?.firstPrompt.message).toEqual({ role: 'user', content: [{ type: 'text', text: 'Begin.' }] });
  });

  it('writes nothing when a call is in flight or the fork point is earlier', () => {
    const inFlight = parentOf([user('u1', 'hi'), toolCalls('c', [{ id: 'x', tool: 'agent', input: {} }])]);
    expect(withAgentCall(inFlight, request)).toEqual({ transcript: inFlight, written: null, request, agentCall: { toolCallId: 'x', toolName: 'agent' } });
    const plain = parentOf([user('u1', 'hi'), assistant('a1', 'hello')]);
    expect(withAgentCall(plain, { ...request, forkPoint: 1 }).written).toBeNull();
  });

  it('spells DeepSeek options as its Agent tool takes them', () => {
    const parent = parentOf([user('u1', 'hi'), assistant('a1', 'hello')]);
    const { written } = withAgentCall(parent, {
      policy: 'deepseek-completed-turns',
      directive: 'go',
      params: { persona: 'Reviewer', toolFilter: ['read_file'] },
    });
    expect((written!.message.content as { input: unknown }[])[0]!.input).toEqual({ prompt: 'go', persona: 'Reviewer', tools: ['read_file'] });
  });

  it('forks at the end of the message holding the calls when the parent went on past it, and finds the request’s own call', () => {
    const sibling = { description: 'Other', subagent_type: 'fork', prompt: 'Other task.' };
    const own = { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: 'Check it.' };
    const parent = parentOf([
      user('u1', 'hi'),
      toolCalls('c', [
        { id: 'r1', tool: 'read_file', input: { path: 'a.ts' } },
        { id: 'a1', tool: 'agent', input: sibling },
        { id: 'a2', tool: 'agent', input: own },
      ]),
      toolResults('t', [
        { id: 'r1', tool: 'read_file', output: 'x' },
        { id: 'a1', tool: 'agent', output: 'Fork started — processing in background' },
        { id: 'a2', tool: 'agent', output: 'Fork started — processing in background' },
      ]),
    ]);
    // Another tool's result is the runtime's to keep or repair: the fork point stays where it was.
    expect(withAgentCall(parent, request).request).toEqual(request);
    // The first sibling launched: its call answered by the placeholder, then its notification.
    const delivered = parentOf([
      ...parent.messages.slice(0, 2),
      toolResults('t', [{ id: 'a1', tool: 'agent', output: 'Fork started — processing in background' }]),
      user('n', '<task-notification>the other fork finished</task-notification>'),
    ]);
    expect(withAgentCall(delivered, request)).toEqual({
      transcript: delivered,
      written: null,
      request: { ...request, forkPoint: 2 },
      agentCall: { toolCallId: 'a2', toolName: 'agent' },
    });
    // Its directive names the call when its other fields differ from what the call wrote.
    expect(withAgentCall(delivered, { ...request, params: { description: 'Fork', subagent_type: 'fork' } }).agentCall?.toolCallId).toBe('a2');
    // A request that matches no call answers the first open one (a1 is answered here).
    expect(withAgentCall(delivered, { ...request, directive: 'Something else.' }).agentCall?.toolCallId).toBe('a2');
    // Earlier fork points: at the call it stays; past it, it moves back; before it, nothing is in flight.
    expect(withAgentCall(delivered, { ...request, forkPoint: 2 }).request).toEqual({ ...request, forkPoint: 2 });
    expect(withAgentCall(delivered, { ...request, forkPoint: 3 }).request).toEqual({ ...request, forkPoint: 2 });
    expect(withAgentCall(delivered, { ...request, forkPoint: 1 })).toMatchObject({ written: null, request: { ...request, forkPoint: 1 }, agentCall: null });
    // A fork point the engine refuses is passed on as it is.
    expect(withAgentCall(delivered, { ...request, forkPoint: 2.5 })).toMatchObject({ written: null, request: { ...request, forkPoint: 2.5 }, agentCall: null });
  });
});
