import { generateText, jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { forkRequestFromCall } from '@/lib/agent/agent-tool';
import { SANDBOX_TOOL_DECLARATIONS } from '@/lib/agent/agent-tools';
import { ChildRuns } from '@/lib/agent/child-runs';
import { RunJournal } from '@/lib/agent/run-journal';
import { agentCallInput } from '@/lib/agent-call/agent-call';
import { createOfflineModel } from '@/lib/ai/offline/offline-model';
import {
  type FamilyOutcome,
  FORK_POLICIES,
  type ForkPolicy,
  type ForkRequest,
  type ModelMessage,
  type ParentTranscript,
  planFork,
  runtimeOf,
} from '@/lib/fork';
import { FORK_DIRECTIVE_ACKNOWLEDGEMENT, FORK_PLACEHOLDER_RESULT } from '@/lib/fork/qwen/child-message';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { acknowledgeLaunch, deliverChildOutcome, deliverFamilyOutcome } from '@/lib/workspace/deliver-result';

const { launchChild, previewFork, registerParent } = await import('./index');
const { expandPlan } = await import('@/lib/fork-exchange/compact-plan');

const history = [user('u1', 'The deploy password is swordfish-42.'), assistant('a1', 'Noted.'), user('u2', 'Fork twice.')];

/** Two sibling calls the way each runtime's model writes them: one message, both in flight. */
const SIBLING_INPUTS: Record<ForkPolicy, [Record<string, unknown>, Record<string, unknown>]> = {
  'qwen-fork-turns': [
    { description: 'First', subagent_type: 'fork', prompt: 'A' },
    { description: 'Second', subagent_type: 'fork', prompt: 'B' },
  ],
  'claude-code-fork': [
    { description: 'First', subagent_type: 'fork', prompt: 'A' },
    { description: 'Second', subagent_type: 'fork', prompt: 'B' },
  ],
  'kimi-fork': [
    { description: 'First', fork: true, prompt: 'A' },
    { description: 'Second', fork: true, prompt: 'B' },
  ],
  'kimi-agent-swarm': [
    { description: 'First', fork: true, items: ['x', 'y'], prompt_template: 'A {{item}}' },
    { description: 'Second', fork: true, items: ['z', 'w'], prompt_template: 'B {{item}}' },
  ],
  'deepseek-completed-turns': [{ prompt: 'A' }, { prompt: 'B' }],
  'codex-spawn-agent': [
    { task_name: 'first', message: 'A', fork_turns: 'all' },
    { task_name: 'second', message: 'B', fork_turns: 'all' },
  ],
  'deep-agents-fork': [
    { subagent_type: 'forker', description: 'A' },
    { subagent_type: 'forker', description: 'B' },
  ],
};

function siblings(policy: ForkPolicy): { parent: ParentTranscript; requests: ForkRequest[]; callIds: string[] } {
  const requests = SIBLING_INPUTS[policy].map((input) => forkRequestFromCall(policy, input));
  const toolName = runtimeOf(policy).agentTool.declaration.name;
  const callIds = ['call-first', 'call-second'];
  const calls = requests.map((request, index) => ({ id: callIds[index]!, tool: toolName, input: agentCallInput(request) }));
  return { parent: parentOf([...history, toolCalls('c', calls)]), requests, callIds };
}

/** What the playground does to the parent when a child it launched starts, then ends with `output`. */
function launchedAndEnded(parent: ParentTranscript, request: ForkRequest, childId: string, agentCallId: string, output: string): ParentTranscript {
  const acknowledged = acknowledgeLaunch(parent, request.policy, agentCallId);
  const plan = planFork(parent, request);
  if (plan.family !== undefined) {
    const outcomes: FamilyOutcome[] = plan.family.members.map((member) => ({
      member,
      agentId: `${childId}-${member.index}`,
      status: 'completed',
      result: output,
    }));
    return deliverFamilyOutcome(acknowledged, { policy: request.policy, agentCallId, description: plan.family.description, outcomes })!;
  }
  const ended = { policy: request.policy, childId, name: childId, agentCallId, status: 'finished' as const, output, error: null };
  return deliverChildOutcome(acknowledged, ended)!;
}

/** Launch a child as the playground does: the parent as it stands now, registered, and the request. */
async function launch(parent: ParentTranscript, request: ForkRequest, childId: string) {
  const { parentKey } = await registerParent(parent);
  const launched = await launchChild(parentKey, request, childId);
  if (launched.status !== 'ok') throw new Error(launched.status === 'rejected' ? launched.message : launched.status);
  const preview = await previewFork(parentKey, request);
  if (preview.status !== 'ok') throw new Error(preview.status);
  return { launched, previewed: expandPlan(preview.plan, parent.messages) };
}

describe('launching sibling forks of one message by hand', () => {
  it('plans the second Qwen sibling, launched after the first delivered, on the parent while the call message was the tail', async () => {
    // The offline model writes both calls in one message, as a parent model asked for two forks does.
    const agent = runtimeOf('qwen-fork-turns').agentTool.declaration;
    const asked = await generateText({
      model: createOfflineModel(),
      messages: [
        { role: 'user', content: 'Note: the deploy password is swordfish-42.' },
        {
          role: 'user',
          content:
            'In parallel, call agent with description=First subagent_type=fork prompt="A" and call agent with description=Second subagent_type=fork prompt="B"',
        },
      ],
      tools: { agent: tool({ description: agent.description, inputSchema: jsonSchema(agent.inputSchema as never) }) },
    });
    const calls = asked.toolCalls.map((call) => ({ id: call.toolCallId, tool: call.toolName, input: call.input }));
    expect(calls.map((call) => call.input)).toEqual([
      { description: 'First', subagent_type: 'fork', prompt: 'A' },
      { description: 'Second', subagent_type: 'fork', prompt: 'B' },
    ]);
    const callMessage = toolCalls('c', calls);
    const parent = parentOf([...history, callMessage], { tools: SANDBOX_TOOL_DECLARATIONS });
    const [first, second] = calls.map((call) => forkRequestFromCall('qwen-fork-turns', call.input)) as [ForkRequest, ForkRequest];

    const one = await launch(parent, first, 'child-1');
    expect(one.launched.agentCallId).toBe(calls[0]!.id);
    // The first child runs to its end on the server, and the playground delivers its notification.
    const runs = new ChildRuns({ journal: new RunJournal(':memory:'), model: () => createOfflineModel(), tools: () => ({}), redact: (text) => text });
    runs.launch({ runId: 'child-1', sessionId: 's', name: 'First', modelId: 'offline', bootstrap: one.launched.bootstrap });
    await runs.settled('child-1');
    const finished = runs.record('child-1')!;
    expect(finished.status).toBe('finished');
    const delivered = launchedAndEnded(parent, first, 'child-1', calls[0]!.id, finished.finalOutput!);
    expect(delivered.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'tool', 'user']);
    const two = await launch(delivered, second, 'child-2');
    expect(two.launched.agentCallId).toBe(calls[1]!.id);
    expect(two.launched.writtenCall).toBeNull();

    const onSnapshot = planFork(parent, second);
    expect(two.launched.plan.child!.initialMessages).toEqual(onSnapshot.child!.initialMessages);
    expect(two.previewed.child).toEqual(two.launched.plan.child);
    // Exactly Qwen's fork: every call of the message redacted to {}, each answered by the placeholder.
    const inherited = two.launched.plan.child!.initialMessages.map((message) => message.message);
    const redacted: ModelMessage = {
      role: 'assistant',
      content: calls.map((call) => ({ type: 'tool-call', toolCallId: call.id, toolName: 'agent', input: {} })),
    };
    const placeholders: ModelMessage = {
      role: 'tool',
      content: calls.map((call) => ({ type: 'tool-result', toolCallId: call.id, toolName: 'agent', output: { type: 'text', value: FORK_PLACEHOLDER_RESULT } })),
    };
    expect(inherited.slice(0, 5)).toEqual([history[0]!.message, history[1]!.message, history[2]!.message, redacted, placeholders]);
    expect(inherited[6]).toEqual({ role: 'assistant', content: [{ type: 'text', text: FORK_DIRECTIVE_ACKNOWLEDGEMENT }] });
    expect(inherited).toHaveLength(7);
    expect(inherited).not.toContainEqual(delivered.messages[5]!.message);
    // The siblings share everything up to their own directive.
    expect(two.launched.plan.child!.initialMessages.slice(0, 5)).toEqual(one.launched.plan.child!.initialMessages.slice(0, 5));
  });

  it.each(FORK_POLICIES)('%s: each sibling is planned on the call message as the tail, whichever launches first and whenever', async (policy) => {
    const { parent, requests, callIds } = siblings(policy);
    for (const order of [
      [0, 1],
      [1, 0],
    ] as const) {
      const [early, late] = order;
      const first = await launch(parent, requests[early]!, `child-${early}`);
      expect(first.launched.agentCallId).toBe(callIds[early]);
      // The late sibling launched at once (only the launch acknowledged) and after the first ended.
      const atOnce = await launch(acknowledgeLaunch(parent, policy, callIds[early]!), requests[late]!, `child-${late}-now`);
      const ended = launchedAndEnded(parent, requests[early]!, `child-${early}`, callIds[early]!, 'The first is done.');
      expect(ended.messages.length).toBeGreaterThan(parent.messages.length);
      const after = await launch(ended, requests[late]!, `child-${late}-later`);
      const onSnapshot = planFork(parent, requests[late]!);
      expect(onSnapshot.child).not.toBeNull();
      for (const { launched, previewed } of [atOnce, after]) {
        expect(launched.agentCallId).toBe(callIds[late]);
        expect(launched.writtenCall).toBeNull();
        expect(launched.plan.child!.initialMessages).toEqual(onSnapshot.child!.initialMessages);
        expect(launched.plan.child!.firstPrompt).toEqual(onSnapshot.child!.firstPrompt);
        expect(launched.bootstrap.initialMessages).toEqual(onSnapshot.child!.initialMessages.map((message) => message.message));
        expect(previewed.child).toEqual(launched.plan.child);
      }
      expect(JSON.stringify(after.launched.plan.child)).not.toContain('The first is done.');
    }
  });
});
