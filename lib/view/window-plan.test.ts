import { describe, expect, it } from 'vitest';
import type { ForkRequest, ParentTranscript } from '@/lib/fork';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { windowPlanOf } from './window-plan';

const { previewFork, registerParent } = await import('@/lib/fork-service');

const parent = parentOf([
  user('u1', 'The build number is 4417.'),
  assistant('a1', 'Noted.'),
  user('u2', 'Now check the tests.'),
  assistant('a2', 'They pass.'),
  user('u3', 'And the docs?'),
  assistant('a3', 'Reading them.'),
]);

async function serverPlan(transcript: ParentTranscript, request: ForkRequest) {
  const { parentKey } = await registerParent(transcript);
  const preview = await previewFork(parentKey, request);
  if (preview.status !== 'ok') throw new Error(preview.status);
  return preview.plan;
}

describe('windowPlanOf', () => {
  it.each(['1', '2', 'all'])('draws the window the server plans, with its Agent call written (fork_turns %s)', async (forkTurns) => {
    const request: ForkRequest = {
      policy: 'qwen-fork-turns',
      directive: 'check',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: forkTurns },
    };
    const plan = await serverPlan(parent, request);
    expect(windowPlanOf(parent, request)).toEqual({ parent: plan.parent, window: plan.window, forks: true });
  });

  it('draws no window where the runtime refuses the call', () => {
    const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'check', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '0' } };
    expect(windowPlanOf(parent, request)?.forks).toBe(false);
  });

  it('plans at the call in flight, as the server does', async () => {
    const inFlight = parentOf([
      ...parent.messages,
      toolCalls('c1', [{ id: 'call-1', tool: 'Agent', input: { description: 'Fork', subagent_type: 'fork', fork_turns: '2', prompt: 'x' } }]),
    ]);
    const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '2' } };
    const plan = await serverPlan(inFlight, request);
    expect(windowPlanOf(inFlight, request)).toEqual({ parent: plan.parent, window: plan.window, forks: true });
  });
});
