import { describe, expect, it } from 'vitest';
import { parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { planFork, planForkFamily } from '../plan-fork';
import { UNNAMED_PROFILE } from '../transcript/transcript';
import { SHIPPED_AGENT_SWARM_PARAMETERS } from './agent-swarm-input';
import { agentSwarmRuntime } from './agent-swarm-runtime';
import { OPEN_CALL_RESULT } from './close-open-tool-calls';
import { INHERITANCE_NOTICE_REMINDER } from './inheritance-notice';
import { KIMI_AGENT_DESCRIPTION, KIMI_AGENT_PARAMETERS } from './kimi-agent-declaration';
import type { KimiForkParams } from './kimi-fork-request';
import { kimiSteadyAnswer, renderKimiCallResult } from './kimi-results';
import { kimiRuntime } from './kimi-runtime';
import { kimiAnnouncedRelease } from './kimi-versions';
import { AUTO_MODE_REMINDER } from './permission-mode-reminder';

const TASK = 'Say what notes.txt holds';
/** What a headless 2.1 turn sends after its prompt: the date, then auto mode. */
const AUTO_ON = AUTO_MODE_REMINDER;
const AUTO_OFF =
  '<system-reminder>\nAuto permission mode is no longer active. Tool approvals and permission checks are back to the current mode.\n</system-reminder>';

const call = (input: Record<string, unknown>) => toolCalls('call', [{ id: 'Agent:0', tool: 'Agent', input }]);

function plan(
  history: ReturnType<typeof user>[],
  params: KimiForkParams,
  tools = [{ name: 'Agent', description: KIMI_AGENT_DESCRIPTION, inputSchema: KIMI_AGENT_PARAMETERS }],
) {
  const parent = parentOf(history, { name: UNNAMED_PROFILE, tools, model: 'fork-lab-offline' });
  return planFork(parent, { policy: 'kimi-fork', directive: TASK, params });
}

describe('Kimi Code 2.1 as shipped', () => {
  const asked = { description: 'Notes', fork: true, prompt: TASK };

  it('sends the notice as a reminder and the task bare, then — for a caller in auto mode — the auto-mode reminder last', () => {
    const history = [user('u1', 'Fork a worker.'), user('u1-auto', AUTO_ON), call(asked)];
    const result = plan(history, { description: 'Notes', fork: true });
    expect(result.errors).toEqual([]);
    expect(result.runtimeVersion).toBe('2.1');
    const tail = result.child!.initialMessages.slice(history.length);
    expect(tail.map((entry) => [entry.message.role, entry.source.kind === 'synthetic' ? entry.source.rule : 'copy'])).toEqual([
      ['tool', 'open-call-closed'],
      ['user', 'inheritance-notice'],
      ['user', 'task-prompt'],
    ]);
    expect(tail[0]!.message.content).toEqual([
      { type: 'tool-result', toolCallId: 'Agent:0', toolName: 'Agent', output: { type: 'text', value: OPEN_CALL_RESULT } },
    ]);
    expect(tail[1]!.message.content).toEqual([{ type: 'text', text: INHERITANCE_NOTICE_REMINDER }]);
    expect(tail[2]!.message.content).toEqual([{ type: 'text', text: TASK }]);
    expect(result.child!.firstPrompt).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: AUTO_ON }] },
      source: { kind: 'synthetic', rule: 'permission-mode-reminder' },
    });
  });

  it('ends with the task when the caller is not in auto mode: never told, or told it left', () => {
    for (const history of [
      [user('u1', 'Fork a worker.'), call(asked)],
      [user('u1', 'Fork a worker.'), user('on', AUTO_ON), user('off', AUTO_OFF), call(asked)],
    ]) {
      const result = plan(history, { description: 'Notes', fork: true });
      expect(result.child!.firstPrompt.message.content).toEqual([{ type: 'text', text: TASK }]);
      expect(result.child!.initialMessages.at(-1)!.message.content).toEqual([{ type: 'text', text: INHERITANCE_NOTICE_REMINDER }]);
    }
  });

  it('checks the call against the Agent schema the parent was declared, in its words', () => {
    const history = [user('u1', 'Fork a worker.')];
    const message = (params: KimiForkParams, tools?: Parameters<typeof plan>[2]) => plan(history, params, tools).errors.map((error) => error.message);
    expect(message({ fork: true })).toEqual([`Invalid args for tool "Agent": must have required property 'description'`]);
    // Without a secondary model pool the schema has no model.
    expect(message({ description: 'Notes', fork: true, model: 'other' })).toEqual([`Invalid args for tool "Agent": must NOT have additional property 'model'`]);
    // With the fork flag off, no fork.
    const { fork: _, ...withoutFork } = (KIMI_AGENT_PARAMETERS as { properties: Record<string, unknown> }).properties;
    const flagOff = [{ name: 'Agent', description: KIMI_AGENT_DESCRIPTION, inputSchema: { ...KIMI_AGENT_PARAMETERS, properties: withoutFork } }];
    expect(message({ description: 'Notes', fork: true }, flagOff)).toEqual([`Invalid args for tool "Agent": must NOT have additional property 'fork'`]);
    // A pool declared: model is a parameter, and another model is refused by the fork's own rule.
    const pool = [
      {
        name: 'Agent',
        description: KIMI_AGENT_DESCRIPTION,
        inputSchema: { ...KIMI_AGENT_PARAMETERS, properties: { ...(KIMI_AGENT_PARAMETERS as { properties: object }).properties, model: { type: 'string' } } },
      },
    ];
    expect(message({ description: 'Notes', fork: true, model: 'other' }, pool)).toEqual([
      "Cannot override the model when forking the current context. A fork inherits this agent's model.",
    ]);
  });

  it('takes a main agent whose profile the requests do not name as Kimi’s own `agent`', () => {
    const history = [user('u1', 'Fork a worker.')];
    expect(plan(history, { description: 'Notes', fork: true, subagent_type: 'agent' }).errors).toEqual([]);
    expect(plan(history, { description: 'Notes', fork: true, subagent_type: 'coder' }).errors.map((error) => error.message)).toEqual([
      "Cannot set a different subagent_type when forking the current context. A fork inherits this agent's own agent type.",
    ]);
  });

  it('answers a refusal after the wall time, and reads a sent one’s time as Fork Lab writes it', () => {
    expect(kimiRuntime.refusal('No.', '2.1')).toEqual({ type: 'text', value: 'Wall time: 0.000 seconds\n<system>ERROR: Tool execution failed.</system>\nNo.' });
    expect(kimiRuntime.refusal('No.', 'code-read')).toEqual({ type: 'text', value: '<system>ERROR: Tool execution failed.</system>\nNo.' });
    expect(kimiSteadyAnswer('Wall time: 0.002 seconds\n<system>ERROR: Tool execution failed.</system>\nNo.')).toBe(kimiRuntime.refusal('No.', '2.1').value);
    expect(kimiSteadyAnswer('Wall time: 1 second')).toBe('Wall time: 1 second');
  });

  it('answers a finished fork’s call as formatForegroundAgentSuccess does', () => {
    const caller = parentOf([], { name: UNNAMED_PROFILE }).profile;
    expect(renderKimiCallResult({ agentId: 'agent-0', result: 'The train leaves on Thursday.', caller, seconds: 0.1684, runtimeVersion: '2.1' })).toBe(
      [
        'Wall time: 0.168 seconds',
        'agent_id: agent-0',
        'actual_subagent_type: agent',
        'status: completed',
        'stop_reason: completed',
        '',
        '[summary]',
        'The train leaves on Thursday.',
        '',
        'resume_hint: Continue with Agent(resume="agent-0", prompt="..."). Use agent_id only; do not set subagent_type. The subagent retains its prior context; redo any unfinished tool call if its result was lost.',
      ].join('\n'),
    );
    expect(renderKimiCallResult({ agentId: 'agent-0', result: 'Done.', caller, runtimeVersion: 'code-read' })).toBe('Done.');
  });

  it('announces itself as kimi-code-cli with its release, for both of its tools', () => {
    expect(kimiAnnouncedRelease({ 'user-agent': 'kimi-code-cli/2.1.0' })).toBe('2.1.0');
    expect(kimiAnnouncedRelease({ 'user-agent': 'kimi-code-cli/2.1.0 (linux)' })).toBe('2.1.0');
    expect(kimiAnnouncedRelease({ 'user-agent': 'OpenAI/JS 6.1.0' })).toBeNull();
    expect(agentSwarmRuntime.announcedRelease).toBe(kimiRuntime.announcedRelease);
  });

  it('plans a swarm by 2.1 with the notice as a reminder, and renders its one result after the wall time', () => {
    const swarm = { description: 'Notes', prompt_template: 'Say what {{item}} holds', items: ['notes.txt', 'todo.txt'], fork: true };
    const parent = parentOf([user('u1', 'Read both.'), toolCalls('c', [{ id: 'AgentSwarm:0', tool: 'AgentSwarm', input: swarm }])], { name: UNNAMED_PROFILE });
    const { prompt_template: template, ...params } = swarm;
    const plans = planForkFamily(parent, { policy: 'kimi-agent-swarm', directive: template, params });
    expect(plans.map((each) => each.child!.firstPrompt.message.content)).toEqual([
      [{ type: 'text', text: 'Say what notes.txt holds' }],
      [{ type: 'text', text: 'Say what todo.txt holds' }],
    ]);
    expect(plans[0]!.family!.members.map((member) => member.name)).toEqual(['Notes #1 (agent)', 'Notes #2 (agent)']);
    // 2.1's default install declares no model: a swarm with one is refused by the schema.
    expect((SHIPPED_AGENT_SWARM_PARAMETERS as { properties: object }).properties).not.toHaveProperty('model');
    const delivery = agentSwarmRuntime.delivery;
    if (delivery.kind !== 'family-result') throw new Error('a swarm answers as a family');
    const member = plans[0]!.family!.members[0]!;
    expect(delivery.render([{ member, agentId: 'agent-0', status: 'completed', result: 'Thursday.' }], { runtimeVersion: '2.1', seconds: 0.47 })).toBe(
      'Wall time: 0.470 seconds\n<agent_swarm_result>\n<summary>completed: 1</summary>\n<subagent agent_id="agent-0" item="notes.txt" outcome="completed">Thursday.</subagent>\n</agent_swarm_result>',
    );
  });
});
