import { describe, expect, it } from 'vitest';
import { type ForkRequest, planFork } from '@/lib/fork';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
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
    // The fork is then the normal in-flight case: placeholder, directive, acknowledgement, "Begin.".
    expect(planFork(transcript, request).child?.firstPrompt.message).toEqual({ role: 'user', content: [{ type: 'text', text: 'Begin.' }] });
  });

  it('writes nothing when a call is in flight or the fork point is earlier', () => {
    const inFlight = parentOf([user('u1', 'hi'), toolCalls('c', [{ id: 'x', tool: 'agent', input: {} }])]);
    expect(withAgentCall(inFlight, request)).toEqual({ transcript: inFlight, written: null });
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
});
