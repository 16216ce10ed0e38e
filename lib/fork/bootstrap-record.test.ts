import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminder, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { buildBootstrapRecord, reviveChildHistory } from './bootstrap-record';
import { BootstrapMissingError } from './errors';
import { planFork } from './plan-fork';
import { buildChildMessage } from './qwen/child-message';
import { mutableSharedObjects } from './testing/object-graph';
import { deepFreeze, isDeepFrozen } from './transcript/deep-freeze';
import type { ModelMessage } from './transcript/transcript';

const parent = parentOf([
  reminder('startup', 'env'),
  user('u1', 'old turn'),
  assistant('a1', 'ok'),
  user('u2', 'latest'),
  toolCalls('call', [{ id: 'agent-1', tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: 'go' } }]),
]);
const plan = planFork(parent, { policy: 'qwen-fork-turns', directive: 'go', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } });
const record = buildBootstrapRecord(plan, { childId: 'child-1', parentAgentId: 'main' });

describe('buildBootstrapRecord', () => {
  it('holds the repaired initial messages, system instruction, tools and task prompt — not fork_turns', () => {
    expect(record).toEqual({
      kind: 'fork',
      version: 1,
      childId: 'child-1',
      policy: 'qwen-fork-turns',
      parentAgentId: 'main',
      initialMessages: plan.child!.initialMessages.map((entry) => entry.message),
      systemInstruction: 'You are a careful coding agent.',
      // A Qwen 0.24 fork is not given the agent tool.
      tools: parent.profile.tools.filter((tool) => tool.name !== 'agent'),
      model: 'fork-lab-offline',
      depth: 1,
      taskPrompt: 'Begin.',
    });
    expect(JSON.stringify(record)).not.toContain('fork_turns');
    expect(record.initialMessages[0]).not.toBe(plan.child!.initialMessages[0]!.message);
  });

  it('refuses a plan without a child', () => {
    const rejected = planFork(parent, { policy: 'qwen-fork-turns', directive: 'go', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '0' } });
    expect(() => buildBootstrapRecord(rejected, { childId: 'c', parentAgentId: 'main' })).toThrow(
      'Cannot build a bootstrap record: the plan has no child (Parameter "fork_turns" must be "all" or a positive integer string such as "3".).',
    );
  });
});

describe('reviveChildHistory', () => {
  const initial = record.initialMessages;
  const begin: ModelMessage = { role: 'user', content: [{ type: 'text', text: 'Begin.' }] };
  const read: ModelMessage = {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'r1', toolName: 'read_file', input: { path: 'a' } }],
  };
  const readResult: ModelMessage = {
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: 'r1', toolName: 'read_file', output: { type: 'text', value: 'A' } }],
  };
  const reply: ModelMessage = { role: 'assistant', content: [{ type: 'text', text: 'Read a.' }] };

  it('is initial messages + the task prompt + the child messages so far', () => {
    expect(reviveChildHistory(record, [read, readResult, reply], 'child-1')).toEqual([...initial, begin, read, readResult, reply]);
  });

  it('pops a blank assistant message and an assistant message with open tool calls from the tail', () => {
    const blank: ModelMessage = { role: 'assistant', content: [{ type: 'text', text: ' ' }] };
    expect(reviveChildHistory(record, [read, readResult, reply, read, blank], 'child-1')).toEqual([...initial, begin, read, readResult, reply]);
  });

  it('pops the results of a batch that never finished, then its call', () => {
    const batch: ModelMessage = {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'x', toolName: 'read_file', input: {} },
        { type: 'tool-call', toolCallId: 'y', toolName: 'read_file', input: {} },
      ],
    };
    const half: ModelMessage = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'x', toolName: 'read_file', output: { type: 'text', value: 'X' } }],
    };
    expect(reviveChildHistory(record, [reply, batch, half], 'child-1')).toEqual([...initial, begin, reply]);
  });

  it('never pops into the inherited part', () => {
    expect(reviveChildHistory(record, [], 'child-1')).toEqual([...initial, begin]);
  });

  it('says the bootstrap transcript is missing when there is no record', () => {
    expect(() => reviveChildHistory(undefined, [reply], 'child-9')).toThrow(BootstrapMissingError);
    expect(() => reviveChildHistory(null, [reply], 'child-9')).toThrow('Cannot revive fork child-9: the bootstrap transcript is missing.');
  });

  it('works for a plan whose first prompt is the child message', () => {
    const ended = parentOf([user('u1', 'q'), assistant('a1', 'a')]);
    const p = planFork(ended, { policy: 'qwen-fork-turns', directive: 'do x', params: { description: 'Fork', subagent_type: 'fork' } });
    expect(buildBootstrapRecord(p, { childId: 'c', parentAgentId: 'main' }).taskPrompt).toBe(buildChildMessage('do x', '0.24'));
  });
});

describe('a child of a deep-frozen parent', () => {
  it("shares the parent's messages in its record and revived history, and holds its own copy of the rest", () => {
    const frozen = deepFreeze(structuredClone(parent));
    const frozenPlan = planFork(frozen, {
      policy: 'qwen-fork-turns',
      directive: 'go',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: '2' },
    });
    const shared = buildBootstrapRecord(frozenPlan, { childId: 'child-2', parentAgentId: 'main' });
    expect(shared.initialMessages).toEqual(frozenPlan.child!.initialMessages.map((entry) => entry.message));
    const planned = frozenPlan.child!.initialMessages.map((entry) => entry.message);
    // a1 and u2 come from the parent; the startup sent with u1, the redacted call and what follows it are the plan's.
    expect(planned.map(isDeepFrozen)).toEqual([false, true, true, false, false, false, false]);
    planned.forEach((message, index) => {
      if (isDeepFrozen(message)) expect(shared.initialMessages[index]).toBe(message);
      else expect(shared.initialMessages[index]).not.toBe(message);
    });
    expect(mutableSharedObjects(frozenPlan, shared)).toEqual([]);

    const reply: ModelMessage = { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] };
    const revived = reviveChildHistory(shared, [reply], 'child-2');
    expect(revived.slice(0, 3)).toEqual(shared.initialMessages.slice(0, 3));
    expect(revived[1]).toBe(shared.initialMessages[1]);
    expect(revived[3]).not.toBe(shared.initialMessages[3]);
    expect(revived.at(-1)).toEqual(reply);
    expect(revived.at(-1)).not.toBe(reply);
    expect(mutableSharedObjects([shared, reply], revived)).toEqual([]);
    expect(mutableSharedObjects(frozen, [frozenPlan, shared, revived])).toEqual([]);
  });
});

describe('a first prompt in another role', () => {
  it('is kept in the record and given back in its role on revival (Codex hands its task over as an assistant message)', () => {
    const codex = planFork(parent, { policy: 'codex-spawn-agent', directive: 'go', params: { task_name: 'w', fork_turns: '1' }, runtimeVersion: 'codex-rs' });
    const codexRecord = buildBootstrapRecord(codex, { childId: 'child-2', parentAgentId: 'main' });
    expect(codexRecord.firstPrompt).toEqual(codex.child!.firstPrompt.message);
    expect(codexRecord.firstPrompt!.role).toBe('assistant');
    expect(reviveChildHistory(codexRecord, [], 'child-2').at(-1)).toEqual(codex.child!.firstPrompt.message);
    // A user-role first prompt is kept as its text only, as records always were.
    expect(record.firstPrompt).toBeUndefined();
  });
});
