import { describe, expect, it } from 'vitest';
import { type ForkRequest, type ParentTranscript, parseForkRequest, runtimeOf } from '@/lib/fork';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { neighbourRequests, windowPlanOf } from './window-plan';

const { previewFork, registerParent } = await import('@/lib/fork-service/fork-service');

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

  it('names the windows a key press away, as the runtime’s window keys would set them, in the request’s own shape', () => {
    const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '3' } };
    const ahead = neighbourRequests(request, 5);
    expect(ahead.map((next) => next.params)).toEqual([
      { description: 'Fork', subagent_type: 'fork', fork_turns: '4' },
      { description: 'Fork', subagent_type: 'fork', fork_turns: '2' },
      { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' },
    ]);
    // The key the page plans a window under is the request's JSON: a neighbour must spell it as the controls do after `]`.
    const controls = runtimeOf('qwen-fork-turns').controls;
    const pressed = parseForkRequest(controls.toRequest({ ...controls.fromRequest(parseForkRequest(request) as never), fork_turns: '4' }, { directive: 'x' }));
    expect(JSON.stringify(ahead[0])).toBe(JSON.stringify(pressed));
    expect(neighbourRequests({ policy: 'kimi-fork', directive: 'x', params: { fork: true } } as ForkRequest, 5)).toEqual([]);
  });
});
