import { describe, expect, it } from 'vitest';
import type { ForkRequest } from '@/lib/fork';
import type { RunRecord } from '@/lib/fork-exchange/run-record';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';
import { bootstrapOf, launchAnswer } from './launch-answer';

const { launchChild, registerParent } = await import('@/lib/fork-service');

const parent = parentOf([user('u1', 'The build number is 4417.'), assistant('a1', 'Noted.'), user('u2', 'Now check the tests.'), assistant('a2', 'On it.')]);
const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'check', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } };

async function launched() {
  const { parentKey } = await registerParent(parent);
  const launch = await launchChild(parentKey, request, 'child-1');
  if (launch.status !== 'ok') throw new Error(`expected a launch, got ${launch.status}`);
  return launch;
}

describe('launch answer', () => {
  it('carries the child history once: the bootstrap record comes back whole from the plan', async () => {
    const launch = await launched();
    const answer = launchAnswer(launch);
    if (answer.status !== 'ok') throw new Error('expected ok');
    expect('initialMessages' in answer.bootstrap).toBe(false);
    // What crosses the wire is JSON: the record rebuilt from the parsed answer equals the server's.
    const parsed = JSON.parse(JSON.stringify(answer)) as typeof answer;
    expect(bootstrapOf(parsed)).toEqual(launch.bootstrap);
    expect(JSON.stringify(answer).length).toBeLessThan(JSON.stringify(launch).length);
  });

  it('keeps of the run only what the browser reads', async () => {
    const launch = await launched();
    const run = { status: 'running', predictedCache: null, bootstrap: launch.bootstrap, id: 'child-1' } as unknown as RunRecord;
    const answer = launchAnswer(launch, run);
    if (answer.status !== 'ok') throw new Error('expected ok');
    expect(answer.run).toEqual({ status: 'running', predictedCache: null });
  });

  it('passes a refusal through as it is', () => {
    const unknown = { status: 'unknown-parent' } as const;
    expect(launchAnswer(unknown)).toBe(unknown);
  });
});
