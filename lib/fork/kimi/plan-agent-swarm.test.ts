import { describe, expect, it } from 'vitest';
import { parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork, planForkFamily } from '../plan-fork';
import { mutableSharedObjects } from '../testing/object-graph';
import type { TranscriptMessage } from '../transcript/transcript';
import type { KimiSwarmRequest } from './agent-swarm-request';
import { OPEN_CALL_RESULT } from './close-open-tool-calls';
import { INHERITANCE_NOTICE } from './inheritance-notice';

const TEMPLATE = 'Review {{item}} for likely regressions.';
const ITEMS = ['src/a.ts', ' src/b.ts ', 'src/c.ts'];

const history: TranscriptMessage[] = [
  user('u1', 'The date parser changed in three files.'),
  toolCalls('swarm-call', [{ id: 'swarm-1', tool: 'AgentSwarm', input: { description: 'Review', prompt_template: TEMPLATE, items: ITEMS, fork: true } }]),
];
const parent = parentOf(history, { agentId: 'agent-main', name: 'coder', model: 'kimi-k2' });

/** A swarm planned by the code read in August, unless `extra` names another line. */
function request(params: KimiSwarmRequest['params'], extra: Partial<KimiSwarmRequest> = {}): KimiSwarmRequest {
  return { policy: 'kimi-agent-swarm', directive: TEMPLATE, params, runtimeVersion: 'code-read', ...extra };
}

const copyOf = (index: number): ChildMessage => ({
  message: history[index]!.message,
  source: { kind: 'copy', parentIndexes: [index], parentIds: [history[index]!.id] },
});

describe('planFork — Kimi AgentSwarm fork: true', () => {
  it('gives every item a child of the same closed snapshot, each with its own filled-in prompt behind the notice', () => {
    const plans = planForkFamily(parent, request({ description: 'Review', items: ITEMS, fork: true }));
    expect(plans).toHaveLength(3);
    const closing: ChildMessage = {
      message: {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'swarm-1', toolName: 'AgentSwarm', output: { type: 'text', value: OPEN_CALL_RESULT } }],
      },
      source: { kind: 'synthetic', rule: 'open-call-closed', toolCallIds: ['swarm-1'] },
    };
    for (const plan of plans) {
      expect(plan.errors).toEqual([]);
      expect(plan.child!.initialMessages).toEqual([copyOf(0), copyOf(1), closing]);
      expect(plan.child!.forkedFrom).toBe('agent-main');
      expect(plan.child!.model).toBe('kimi-k2');
    }
    // Items are trimmed before they fill the template.
    expect(plans.map((plan) => plan.child!.firstPrompt.message.content)).toEqual(
      ['src/a.ts', 'src/b.ts', 'src/c.ts'].map((item) => [{ type: 'text', text: `${INHERITANCE_NOTICE}\n\nReview ${item} for likely regressions.` }]),
    );
    expect(plans.map((plan) => plan.family!.member)).toEqual([1, 2, 3]);
    expect(plans[0]!.family).toEqual({
      tool: 'AgentSwarm',
      description: 'Review',
      member: 1,
      members: [
        { index: 1, name: 'Review #1 (coder)', label: 'src/a.ts', task: 'Review src/a.ts for likely regressions.', launchAfterMs: 0 },
        { index: 2, name: 'Review #2 (coder)', label: 'src/b.ts', task: 'Review src/b.ts for likely regressions.', launchAfterMs: 0 },
        { index: 3, name: 'Review #3 (coder)', label: 'src/c.ts', task: 'Review src/c.ts for likely regressions.', launchAfterMs: 0 },
      ],
    });
    expect(plans[0]!.window!.description).toBe('AgentSwarm fork: true, 3 items — the whole history, 1 open call closed');
  });

  it('never lets two members share an object, nor a member and the parent', () => {
    const [first, second, third] = planForkFamily(parent, request({ description: 'Review', items: ITEMS, fork: true }));
    expect(mutableSharedObjects(first, second)).toEqual([]);
    expect(mutableSharedObjects(second, third)).toEqual([]);
    for (const member of [first, second, third]) expect(mutableSharedObjects(parent, member)).toEqual([]);
  });

  it('launches five at once, then one every 700 ms', () => {
    const items = Array.from({ length: 8 }, (_, k) => `f${k}.ts`);
    const plan = planFork(parent, request({ description: 'Scan', items, fork: true }));
    expect(plan.family!.members.map((member) => member.launchAfterMs)).toEqual([0, 0, 0, 0, 0, 700, 1400, 2100]);
  });

  it('shows the member asked for, and says so when there is no such item', () => {
    expect(planFork(parent, request({ description: 'Review', items: ITEMS, fork: true }, { member: 2 })).family!.member).toBe(2);
    const missing = planFork(parent, request({ description: 'Review', items: ITEMS, fork: true }, { member: 9 }));
    expect(missing.family!.member).toBe(1);
    expect(missing.warnings).toEqual(['There is no item 9: the swarm has items 1 to 3, so the plan shows item 1.']);
  });

  it('is a regular swarm, with no history, without fork: true', () => {
    const plan = planFork(parent, request({ description: 'Review', items: ITEMS }));
    expect(plan.mode).toBe('fresh');
    expect(plan.freshReason).toBe('fork is not set: each item starts a regular subagent');
    expect(planForkFamily(parent, request({ description: 'Review', items: ITEMS }))).toHaveLength(1);
  });

  it('keeps the system reminder variant of the notice', () => {
    const plan = planFork(parent, request({ description: 'Review', items: ITEMS, fork: true }, { notice: 'system-reminder' }));
    expect(plan.child!.firstPrompt.message.content).toEqual([{ type: 'text', text: 'Review src/a.ts for likely regressions.' }]);
    expect(plan.child!.initialMessages.at(-1)!.source).toEqual({ kind: 'synthetic', rule: 'inheritance-notice' });
  });
});
