import { describe, expect, it } from 'vitest';
import { assistant, parentOf, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork } from '../plan-fork';
import type { ToolDeclaration, TranscriptMessage } from '../transcript/transcript';
import { deepAgentsAgentTool } from './deep-agents-agent-tool';
import type { DeepAgentsForkRequest, DeepAgentsProgram } from './deep-agents-fork-request';
import { ADDENDUM_PLACEMENT, compiledForkWarning } from './fork-child-profile';
import { FORK_TASK_PREAMBLE } from './fork-preamble';
import { DETAILS } from './plan-deep-agents-fork';

/** The parent of the research runs: a deep agent whose tools are its filesystem's and `task`. */
const SYSTEM = 'You are the Fork Lab parent agent.';
const tool = (name: string): ToolDeclaration => ({ name, description: `${name} tool`, inputSchema: { type: 'object' } });
const TOOLS = [...['ls', 'read_file', 'write_file', 'edit_file', 'delete', 'glob', 'grep'].map(tool), deepAgentsAgentTool.declaration];
const deepAgent = (messages: TranscriptMessage[], overrides: Parameters<typeof parentOf>[1] = {}) =>
  parentOf(messages, { systemInstruction: SYSTEM, tools: TOOLS, ...overrides });

const PASSWORD = 'What is the deploy password?';
const HOST = 'What is the staging host?';
const TRAIN = 'When does the train leave?';

const earlierTurns = (): TranscriptMessage[] => [
  user('u1', 'The deploy password is heron-7731.'),
  assistant('a1', 'Noted.'),
  user('u2', 'The staging host is sparrow-2.'),
  assistant('a2', 'Noted.'),
  user('u3', `Call task with subagent_type=forker description="${PASSWORD}"`),
];

const request = (description: string, subagent_type: unknown = 'forker', extra: Partial<DeepAgentsForkRequest> = {}): DeepAgentsForkRequest => ({
  policy: 'deep-agents-fork',
  directive: description,
  params: { subagent_type },
  ...extra,
});

const copy = (messages: TranscriptMessage[], index: number): ChildMessage => ({
  message: messages[index]!.message,
  source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
});

const taskPrompt = (description: string): ChildMessage => ({
  message: { role: 'user', content: [{ type: 'text', text: `${FORK_TASK_PREAMBLE}${description}` }] },
  source: { kind: 'synthetic', rule: 'notice-and-task-prompt' },
});

const ranges = (plan: ReturnType<typeof planFork>) => plan.parent.map((range) => [range.start, range.end, range.status, range.reason, range.detail]);

describe('planFork — Deep Agents, a subagent with mode "fork"', () => {
  it('gives the child the earlier turns and drops the message holding the call, then the preamble and the description (seen, verify fork-all)', () => {
    const messages = [...earlierTurns(), toolCalls('call', [{ id: 'call-78-6', tool: 'task', input: { subagent_type: 'forker', description: PASSWORD } }])];
    const plan = planFork(deepAgent(messages), request(PASSWORD));
    expect(plan.errors).toEqual([]);
    expect(plan.mode).toBe('fork');
    expect(plan.child!.initialMessages).toEqual([0, 1, 2, 3, 4].map((index) => copy(messages, index)));
    expect(plan.child!.firstPrompt).toEqual(taskPrompt(PASSWORD));
    expect(plan.child).toMatchObject({
      systemInstruction: SYSTEM,
      tools: TOOLS,
      model: 'fork-lab-offline',
      depth: 1,
      inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
    });
    expect(ranges(plan)).toEqual([
      [0, 5, 'inherited', 'in-window', DETAILS.inherited],
      [5, 6, 'excluded', 'in-flight-turn', DETAILS.inFlight],
    ]);
    expect(plan.window).toEqual({
      start: 0,
      end: 6,
      description: 'the full conversation less the message in flight (its call left out with it)',
      realTurns: 3,
    });
    expect(plan.cache).toEqual({ systemMatches: true, toolsMatch: true, sharedMessages: 5, reusableMessages: 5 });
    expect(plan.warnings).toEqual([]);
    expect(plan.runtimeVersion).toBe('1.14');
  });

  it('keeps a tool the parent used earlier in the same turn, call and result (seen, verify fork-after-tools)', () => {
    const messages = [
      user('u1', `Use read_file on /notes.txt, then call task with subagent_type=forker description="${TRAIN}"`),
      toolCalls('read', [{ id: 'call-110-2', tool: 'read_file', input: { file_path: '/notes.txt' } }]),
      toolResults('read-result', [{ id: 'call-110-2', tool: 'read_file', output: '@@ lines 1-1 of 1 @@\nThe release train leaves on Thursday.' }]),
      toolCalls('call', [{ id: 'call-110-4', tool: 'task', input: { subagent_type: 'forker', description: TRAIN } }]),
    ];
    const plan = planFork(deepAgent(messages), request(TRAIN));
    expect([...plan.child!.initialMessages, plan.child!.firstPrompt]).toEqual([copy(messages, 0), copy(messages, 1), copy(messages, 2), taskPrompt(TRAIN)]);
    expect(plan.window!.realTurns).toBe(1);
  });

  it('drops sibling calls with their message: every sibling gets the same history, and only its own task differs (seen, verify sibling-forks)', () => {
    const messages = [
      ...earlierTurns().slice(0, 4),
      user('u3', 'In parallel, call task twice.'),
      toolCalls('calls', [
        { id: 'call-171-6-0', tool: 'task', input: { subagent_type: 'forker', description: PASSWORD } },
        { id: 'call-171-6-1', tool: 'task', input: { subagent_type: 'forker', description: HOST } },
      ]),
    ];
    const first = planFork(deepAgent(messages), request(PASSWORD));
    const second = planFork(deepAgent(messages), request(HOST));
    expect(first.child!.initialMessages).toEqual([0, 1, 2, 3, 4].map((index) => copy(messages, index)));
    expect(second.child!.initialMessages).toEqual(first.child!.initialMessages);
    expect([first.child!.firstPrompt, second.child!.firstPrompt]).toEqual([taskPrompt(PASSWORD), taskPrompt(HOST)]);
    expect(first.window!.description).toBe('the full conversation less the message in flight (its 2 calls left out with it)');
    // A sibling's result recorded after the message was written once both had run: still left out.
    const delivered = [...messages, toolResults('first-result', [{ id: 'call-171-6-0', tool: 'task', output: 'heron-7731' }])];
    const late = planFork(deepAgent(delivered), request(HOST));
    expect(late.child!.initialMessages).toEqual(first.child!.initialMessages);
    expect(ranges(late).slice(1)).toEqual([
      [5, 6, 'excluded', 'in-flight-turn', DETAILS.inFlight],
      [6, 7, 'excluded', 'in-flight-turn', DETAILS.afterInFlight],
    ]);
  });

  it('drops a parallel tool call beside the task call, with no placeholder result (seen, verify fork-beside-tool)', () => {
    const messages = [
      user('u1', `In parallel, call read_file on /notes.txt and call task with subagent_type=forker description="${TRAIN}"`),
      toolCalls('calls', [
        { id: 'call-122-2-0', tool: 'read_file', input: { file_path: '/notes.txt' } },
        { id: 'call-122-2-1', tool: 'task', input: { subagent_type: 'forker', description: TRAIN } },
      ]),
    ];
    const plan = planFork(deepAgent(messages), request(TRAIN));
    expect([...plan.child!.initialMessages, plan.child!.firstPrompt]).toEqual([copy(messages, 0), taskPrompt(TRAIN)]);
  });

  it('appends the fork’s own systemPrompt to the parent’s after a blank line, and says where it would go (seen, verify fork-addendum)', () => {
    const messages = [...earlierTurns(), toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'forker', description: PASSWORD } }])];
    const addendum: DeepAgentsProgram = { fork: { name: 'forker', kind: 'declarative', systemPrompt: 'You are the forked helper; answer in one line.' } };
    const plan = planFork(deepAgent(messages), request(PASSWORD, 'forker', { program: addendum }));
    expect(plan.child!.systemInstruction).toBe('You are the Fork Lab parent agent.\n\nYou are the forked helper; answer in one line.');
    expect(plan.child!.tools).toEqual(TOOLS);
    expect(plan.cache).toMatchObject({ systemMatches: false, toolsMatch: true, sharedMessages: 5, reusableMessages: 0 });
    expect(plan.warnings).toEqual([ADDENDUM_PLACEMENT]);
    // A parent with no prompt of its own: the addendum alone.
    expect(planFork(deepAgent(messages, { systemInstruction: '' }), request(PASSWORD, 'forker', { program: addendum })).child!.systemInstruction).toBe(
      'You are the forked helper; answer in one line.',
    );
  });

  it('a compiled fork inherits the same messages and preamble but runs its runnable’s prompt and tools (seen, verify compiled-fork)', () => {
    const messages = [...earlierTurns(), toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'compiled', description: PASSWORD } }])];
    const compiled: DeepAgentsProgram = { fork: { name: 'compiled', kind: 'compiled', systemPrompt: 'You are the compiled fork.', tools: [] } };
    const declarative = planFork(deepAgent(messages), request(PASSWORD, 'compiled', { program: { fork: { name: 'compiled', kind: 'declarative' } } }));
    const plan = planFork(deepAgent(messages), request(PASSWORD, 'compiled', { program: compiled }));
    expect(plan.child!.initialMessages).toEqual(declarative.child!.initialMessages);
    expect(plan.child!.firstPrompt).toEqual(declarative.child!.firstPrompt);
    expect(plan.child).toMatchObject({
      systemInstruction: 'You are the compiled fork.',
      tools: [],
      model: 'fork-lab-offline',
      inheritance: { systemInstruction: 'persona', tools: 'registry', model: 'parent' },
    });
    expect(declarative.child).toMatchObject({ systemInstruction: SYSTEM, tools: TOOLS });
    expect(plan.cache).toMatchObject({ systemMatches: false, toolsMatch: false, reusableMessages: 0 });
    expect(plan.warnings).toEqual([
      "A compiled fork runs its own runnable: its system prompt, tools, model and middleware are the runnable's, which Fork Lab cannot read. The plan takes them from the settings (given: system prompt, tools), and applies none of the runnable's middleware to the inherited messages.",
    ]);
    expect(compiledForkWarning({ name: 'compiled', kind: 'compiled' })).toContain('(none given: no system prompt, no tools, the parent’s model)');
  });

  it('answers an earlier call nothing answered as the declarative fork’s patch middleware does; a compiled fork leaves it', () => {
    const messages = [
      user('u1', 'Look around.'),
      toolCalls('lost', [{ id: 'x1', tool: 'ls', input: { path: '/' } }]),
      user('u2', `Call task with subagent_type=forker description="${PASSWORD}"`),
      toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'forker', description: PASSWORD } }]),
    ];
    const plan = planFork(deepAgent(messages), request(PASSWORD));
    expect(plan.child!.initialMessages).toEqual([
      copy(messages, 0),
      copy(messages, 1),
      {
        message: {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'x1',
              toolName: 'ls',
              output: { type: 'text', value: 'Tool call ls with id x1 was cancelled - another message came in before it could be completed.' },
            },
          ],
        },
        source: { kind: 'synthetic', rule: 'open-call-closed', toolCallIds: ['x1'] },
      },
      copy(messages, 2),
    ]);
    expect(ranges(plan)[1]).toEqual([1, 2, 'inherited', 'open-tool-call-closed', DETAILS.closed]);
    const compiled = planFork(deepAgent(messages), request(PASSWORD, 'forker', { program: { fork: { name: 'forker', kind: 'compiled' } } }));
    expect(compiled.child!.initialMessages).toEqual([0, 1, 2].map((index) => copy(messages, index)));
  });

  it('starts a regular subagent for general-purpose or an isolated subagent: only the description, no history (seen, verify not-a-fork)', () => {
    const messages = [...earlierTurns(), toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'helper', description: PASSWORD } }])];
    const program: DeepAgentsProgram = { fork: { name: 'forker', kind: 'declarative' }, isolated: ['helper'] };
    expect(planFork(deepAgent(messages), request(PASSWORD, 'helper', { program }))).toEqual({
      policy: 'deep-agents-fork',
      mode: 'fresh',
      errors: [],
      child: null,
      freshReason: 'subagent_type "helper": a regular subagent (mode "isolated"), given only the description',
      parent: [
        { start: 0, end: 6, status: 'excluded', reason: 'not-a-fork', detail: expect.stringContaining('a regular subagent starts with no parent history') },
      ],
      window: null,
      cache: null,
      warnings: [],
      runtimeVersion: '1.14',
    });
    expect(planFork(deepAgent(messages), request(PASSWORD, 'general-purpose')).mode).toBe('fresh');
  });

  it('refuses an unknown type with the error that fails the whole run, listing the types in the agent’s order (seen, verify unknown-type)', () => {
    const messages = [
      user('u1', 'Call task with subagent_type=nope'),
      toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'nope', description: PASSWORD } }]),
    ];
    const plan = planFork(deepAgent(messages), request(PASSWORD, 'nope'));
    expect(plan.child).toBeNull();
    expect(plan.errors.map(({ parameter, code, message }) => ({ parameter, code, message }))).toEqual([
      {
        parameter: 'subagent_type',
        code: 'unknown_subagent_type',
        message: 'Error: invoked agent of type nope, the only allowed types are `general-purpose`, `forker`',
      },
    ]);
    expect(ranges(plan)).toEqual([[0, 2, 'excluded', 'request-rejected', 'the runtime rejects this request, so no child starts']]);
  });

  it('refuses a fork child’s own task call with the recursion refusal, whatever type it names (seen, verify nested-fork)', () => {
    const inside = deepAgent(
      [user('u1', 'nested'), toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'forker', description: 'nested' } }])],
      {
        depth: 1,
        forkChild: true,
      },
    );
    for (const type of ['forker', 'general-purpose', 'nope']) {
      expect(planFork(inside, request('nested', type)).errors.map((error) => error.message)).toEqual([
        'You are a subagent and cannot delegate to another subagent. Complete this task yourself instead of calling this tool again.',
      ]);
    }
  });

  it('copies a summarized parent as it stands, its summary first, not counted as a turn', () => {
    const messages = [
      user('summary', 'Here is a summary of the conversation to date:\n\nThe deploy password is heron-7731.'),
      user('u1', 'Keep going.'),
      toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'forker', description: PASSWORD } }]),
    ];
    const plan = planFork(deepAgent(messages), request(PASSWORD));
    expect(plan.child!.initialMessages).toEqual([copy(messages, 0), copy(messages, 1)]);
    expect(ranges(plan).slice(0, 2)).toEqual([
      [0, 1, 'inherited', 'in-window', DETAILS.summary],
      [1, 2, 'inherited', 'in-window', DETAILS.inherited],
    ]);
    expect(plan.window!.realTurns).toBe(1);
  });

  it('copies the whole conversation through an earlier fork point where no call is in flight', () => {
    const messages = [...earlierTurns(), toolCalls('call', [{ id: 'c', tool: 'task', input: { subagent_type: 'forker', description: PASSWORD } }])];
    const plan = planFork(deepAgent(messages), { ...request(PASSWORD), forkPoint: 4 });
    expect(plan.child!.initialMessages).toEqual([0, 1, 2, 3].map((index) => copy(messages, index)));
    expect(plan.window!.description).toBe('the full conversation');
    expect(ranges(plan).at(-1)).toEqual([4, 6, 'excluded', 'after-fork-point', DETAILS.afterForkPoint]);
  });

  it('plans a call the model makes of the declared task tool, and refuses one the input schema refuses in LangChain’s words', () => {
    const parent = deepAgent(earlierTurns());
    expect(planFork(parent, deepAgentsAgentTool.requestFromCall({ subagent_type: 'forker', description: PASSWORD }, {})).child!.firstPrompt).toEqual(
      taskPrompt(PASSWORD),
    );
    const missing = planFork(parent, deepAgentsAgentTool.requestFromCall({ description: PASSWORD }, {}));
    expect(missing.errors.map((error) => error.message)).toEqual([
      `Error invoking tool 'task' with kwargs {"description":"${PASSWORD}"} with error: Error: Received tool input did not match expected schema\n\n✖ Invalid input: expected string, received undefined\n  → at subagent_type\n Please fix the error and try again.`,
    ]);
  });
});
