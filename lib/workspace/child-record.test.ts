import { describe, expect, it } from 'vitest';
import { buildBootstrapRecord, type ForkRequest, isDeepFrozen, planFork } from '@/lib/fork';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';
import { newChildRecord } from './child-record';
import type { ChildRecord } from './workspace';

// More messages than one slice, so the freezing gives way at least once.
const parent = parentOf(Array.from({ length: 450 }, (_, turn) => [user(`u${turn}`, `question ${turn}`), assistant(`a${turn}`, `answer ${turn}`)]).flat());
/** The token report is kept as it is given; nothing here reads it. */
const NOT_READ_HERE = {} as ChildRecord['tokens'];
const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'check', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } };

describe('newChildRecord', () => {
  it('hands the store a child whose messages are deep-frozen already', async () => {
    // As a launch answer arrives: parsed JSON, nothing frozen.
    const plan = JSON.parse(JSON.stringify(planFork(parent, request))) as ReturnType<typeof planFork>;
    const bootstrap = JSON.parse(JSON.stringify(buildBootstrapRecord(plan, { childId: 'c', parentAgentId: 'p' }))) as ReturnType<typeof buildBootstrapRecord>;
    const record = await newChildRecord(
      { id: 'c', name: 'check', createdAt: '2026-12-02T00:00:00.000Z', request, plan, tokens: NOT_READ_HERE, bootstrap, agentCallId: null, run: null },
      { transcript: parent, revision: 0 },
    );
    expect(record.plan.child.initialMessages.length).toBeGreaterThan(400);
    expect(record.plan.child.initialMessages.every(isDeepFrozen)).toBe(true);
    expect(record.bootstrap!.initialMessages.every(isDeepFrozen)).toBe(true);
    expect(() => {
      (record.plan.child.initialMessages.at(-1)!.message as { role: string }).role = 'system';
    }).toThrow(TypeError);
  });
});
