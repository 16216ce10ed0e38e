import { describe, expect, it } from 'vitest';
import { assistant, parentOf, profile, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork } from '../plan-fork';
import type { TranscriptMessage } from '../transcript/transcript';
import { claudeCodeAgentTool } from './claude-code-agent-tool';
import type { ClaudeCodeForkRequest } from './claude-code-fork-request';
import { FORK_IN_FORK_UNAVAILABLE, FORK_WORKER_RULES } from './fork-directive';
import { UNVERIFIED_TEXTS } from './plan-claude-code-fork';

const TESTS = 'Write unit tests for parseDate.';
const DOCS = 'Document parseDate.';

const session = (): TranscriptMessage[] => [
  user('u1', 'parseDate is off by a month.'),
  toolCalls('read', [{ id: 'r1', tool: 'Read', input: { file_path: 'src/date.ts' } }]),
  toolResults('read-result', [{ id: 'r1', tool: 'Read', output: 'new Date(y, m, d)' }]),
  assistant('a1', 'Fixed: m - 1.'),
  user('u2', 'Fork two workers.'),
  toolCalls(
    'forks',
    [
      { id: 'f1', tool: 'Agent', input: { description: 'Tests', subagent_type: 'fork', prompt: TESTS } },
      { id: 'f2', tool: 'Agent', input: { description: 'Docs', subagent_type: 'fork', prompt: DOCS } },
    ],
    'Forking two workers.',
  ),
];

const request = (
  directive: string,
  params: ClaudeCodeForkRequest['params'] = { description: 'Tests', subagent_type: 'fork' },
  extra: Partial<ClaudeCodeForkRequest> = {},
): ClaudeCodeForkRequest => ({
  policy: 'claude-code-fork',
  directive,
  params,
  ...extra,
});

const copy = (messages: TranscriptMessage[], index: number): ChildMessage => ({
  message: messages[index]!.message,
  source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
});

const PLACEHOLDERS: ChildMessage = {
  message: {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'f1', toolName: 'Agent', output: { type: 'text', value: 'Fork started — processing in background' } },
      { type: 'tool-result', toolCallId: 'f2', toolName: 'Agent', output: { type: 'text', value: 'Fork started — processing in background' } },
    ],
  },
  source: { kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: ['f1', 'f2'] },
};

describe('planFork — Claude Code fork subagent', () => {
  it('2.1.88-era reconstruction: the full conversation, the calling message whole and one placeholder per call, then the worker rules and the directive', () => {
    const messages = session();
    const plan = planFork(parentOf(messages), request(TESTS, undefined, { runtimeVersion: '2.1.88' }));
    expect(plan.errors).toEqual([]);
    expect(plan.child!.initialMessages).toEqual([0, 1, 2, 3, 4, 5].map((index) => copy(messages, index)).concat(PLACEHOLDERS));
    expect(plan.child!.firstPrompt).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: `<fork-boilerplate>\n${FORK_WORKER_RULES}\n</fork-boilerplate>\n\nYour directive: ${TESTS}` }] },
      source: { kind: 'synthetic', rule: 'worker-fork-prompt' },
    });
    expect(plan.parent.map((range) => [range.start, range.end, range.status, range.reason])).toEqual([[0, 6, 'inherited', 'in-window']]);
    expect(plan.window).toEqual({
      start: 0,
      end: 6,
      description: 'the full conversation, 2 calls of the last message answered by the placeholder',
      realTurns: 2,
    });
    expect(plan.child).toMatchObject({
      systemInstruction: 'You are a careful coding agent.',
      model: 'fork-lab-offline',
      inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
    });
    expect(plan.cache).toEqual({ systemMatches: true, toolsMatch: true, sharedMessages: 6, reusableMessages: 6 });
    expect(plan.warnings).toEqual([UNVERIFIED_TEXTS]);
  });

  it('2.1.88-era reconstruction: gives siblings the same request up to the directive, so they share the prompt cache', () => {
    const parent = parentOf(session());
    const tests = planFork(parent, request(TESTS, undefined, { runtimeVersion: '2.1.88' })).child!;
    const docs = planFork(parent, request(DOCS, { description: 'Docs', subagent_type: 'fork' }, { runtimeVersion: '2.1.88' })).child!;
    expect(docs.initialMessages).toEqual(tests.initialMessages);
    expect(docs.firstPrompt).not.toEqual(tests.firstPrompt);
  });

  it('leaves out what was recorded after the calling message: the batch’s results were not in when the fork was built', () => {
    const messages = [...session(), toolResults('f1-result', [{ id: 'f1', tool: 'Agent', output: 'done' }]), user('late', 'And the changelog?')];
    const plan = planFork(parentOf(messages), request(TESTS, undefined, { runtimeVersion: '2.1.88' }));
    expect(plan.parent.map((range) => [range.start, range.end, range.reason])).toEqual([
      [0, 6, 'in-window'],
      [6, 8, 'in-flight-turn'],
    ]);
    expect(plan.child!.initialMessages.at(-1)).toEqual(PLACEHOLDERS);
  });

  it('2.1.328 (seen in its traffic): each sibling keeps the message’s text and its own call alone, answered "that fork is you"', () => {
    const messages = session();
    const tail = (directive: string, params?: ClaudeCodeForkRequest['params']) => {
      const child = planFork(parentOf(messages), request(directive, params)).child!;
      const [calling, results] = child.initialMessages.slice(-2);
      return { calling: calling!.message.content, results: results!.message.content, source: calling!.source };
    };
    const call = (id: string, description: string, prompt: string) => ({
      type: 'tool-call',
      toolCallId: id,
      toolName: 'Agent',
      input: { description, subagent_type: 'fork', prompt },
    });
    const placeholder = (id: string) => ({
      type: 'tool-result',
      toolCallId: id,
      toolName: 'Agent',
      output: { type: 'text', value: 'Fork started — that fork is you.' },
    });
    expect(tail(TESTS)).toEqual({
      calling: [{ type: 'text', text: 'Forking two workers.' }, call('f1', 'Tests', TESTS)],
      results: [placeholder('f1')],
      source: { kind: 'copy', parentIndexes: [5], parentIds: ['forks'], change: 'stripped' },
    });
    expect(tail(DOCS, { description: 'Docs', subagent_type: 'fork' })).toMatchObject({
      calling: [{ type: 'text', text: 'Forking two workers.' }, call('f2', 'Docs', DOCS)],
      results: [placeholder('f2')],
    });
    const plan = planFork(parentOf(messages), request(TESTS));
    expect(plan.window!.description).toBe('the full conversation, this fork’s call answered by the placeholder (1 sibling call of the message left out)');
    expect(plan.runtimeVersion).toBe('2.1.328');
    expect(plan.child!.inheritance.systemInstruction).toBe('parent-as-subagent');
    expect(plan.warnings).toEqual([]);
  });

  it('2.1.328: leaves out an earlier assistant message whose call nobody answered, and marks the billing line as a subagent’s', () => {
    const messages = [user('u0', 'Look around.'), toolCalls('lost', [{ id: 'x1', tool: 'Bash', input: { command: 'ls' } }]), ...session()];
    const billed = parentOf(messages, {
      systemInstruction: 'x-anthropic-billing-header: cc_version=2.1.328.032; cc_entrypoint=sdk-cli;\n\nYou are a Claude agent.',
    });
    const plan = planFork(billed, request(TESTS));
    expect(plan.child!.initialMessages.map((entry) => entry.source.kind === 'copy' && entry.source.parentIndexes[0])).toEqual([0, 2, 3, 4, 5, 6, 7, false]);
    expect(plan.parent.find((range) => range.start === 1)).toMatchObject({ end: 2, status: 'excluded', reason: 'dropped-by-curation' });
    expect(plan.child!.systemInstruction).toBe(
      'x-anthropic-billing-header: cc_version=2.1.328.032; cc_entrypoint=sdk-cli; cc_is_subagent=true;\n\nYou are a Claude agent.',
    );
    expect(planFork(billed, request(TESTS, undefined, { runtimeVersion: '2.1.88' })).child!.initialMessages).toHaveLength(9);
  });

  it('copies everything and answers nothing when the last assistant message made no call', () => {
    const messages = session().slice(0, 5);
    const plan = planFork(parentOf(messages), request(TESTS));
    expect(plan.child!.initialMessages).toEqual([0, 1, 2, 3, 4].map((index) => copy(messages, index)));
    expect(plan.window!.description).toBe('the full conversation');
  });

  it('starts a fresh agent for another type, or for none since v2.1.232; an omitted type forked behind the old flag', () => {
    const parent = parentOf(session());
    expect(planFork(parent, request(TESTS, { description: 'x', subagent_type: 'general-purpose' }))).toMatchObject({
      mode: 'fresh',
      freshReason: 'subagent_type "general-purpose": a fresh agent of that type',
    });
    expect(planFork(parent, request(TESTS, { description: 'x' })).freshReason).toBe('subagent_type left out: a fresh agent, general-purpose by default');
    expect(planFork(parent, request(TESTS, { description: 'x' }, { gate: 'omitted-type' })).mode).toBe('fork');
  });

  it('refuses a fork inside a fork, by where the agent runs, and a call without its description', () => {
    const insideFork = parentOf(session(), { depth: 1, forkChild: true });
    expect(planFork(insideFork, request(TESTS)).errors).toEqual([
      { parameter: 'subagent_type', code: 'fork_in_fork', message: FORK_IN_FORK_UNAVAILABLE, explanation: expect.any(String) },
    ]);
    // A top-level agent whose history quotes the boilerplate still forks.
    const quoting = parentOf([user('q', '<fork-boilerplate>quoted</fork-boilerplate>'), ...session()]);
    expect(planFork(quoting, request(TESTS)).errors).toEqual([]);
    expect(planFork(parentOf(session()), request(TESTS, { subagent_type: 'fork' })).errors[0]!.message).toBe(
      'InputValidationError: Agent failed due to the following issue:\nThe required parameter `description` is missing',
    );
  });

  it('keeps the parent’s model whatever the call asks, and says so', () => {
    const plan = planFork(
      { profile: profile({ model: 'claude-opus' }), messages: session() },
      request(TESTS, { description: 'x', subagent_type: 'fork', model: 'haiku' }),
    );
    expect(plan.child!.model).toBe('claude-opus');
    expect(plan.warnings[0]).toBe('model "haiku" is ignored: a fork always runs on the parent’s model (the Agent tool’s documentation).');
  });

  it('answers nothing when no Agent call is in flight: an earlier fork point, or a last call that is another tool’s', () => {
    const messages = [
      user('u1', 'Run the tests.'),
      toolCalls('bash', [{ id: 'b1', tool: 'Bash', input: { command: 'npm test' } }]),
      toolResults('bash-result', [{ id: 'b1', tool: 'Bash', output: '3 failed' }]),
      assistant('a1', 'Three tests fail.'),
      user('u2', 'Fork a worker.'),
    ];
    const early = planFork(parentOf(messages), { ...request(TESTS), forkPoint: 3 });
    expect(early.child!.initialMessages).toEqual([0, 1, 2].map((index) => copy(messages, index)));
    expect(early.parent.map((range) => [range.start, range.end, range.reason])).toEqual([
      [0, 3, 'in-window'],
      [3, 5, 'after-fork-point'],
    ]);
    const answered = [
      ...session().slice(0, 5),
      toolCalls('read-2', [{ id: 'r2', tool: 'Read', input: {} }]),
      toolResults('r2-result', [{ id: 'r2', tool: 'Read', output: 'x' }]),
      user('u3', 'Now fork.'),
    ];
    expect(planFork(parentOf(answered), request(TESTS)).child!.initialMessages).toHaveLength(8);
  });

  it('refuses a model’s call without a prompt in the words a real session recorded', () => {
    const request = claudeCodeAgentTool.requestFromCall({ description: 'Tests', subagent_type: 'fork' }, {});
    expect(planFork(parentOf(session()), request).errors.map((error) => error.message)).toEqual([
      'InputValidationError: Agent failed due to the following issue:\nThe required parameter `prompt` is missing',
    ]);
    expect(claudeCodeAgentTool.requestFromCall({ description: 'Tests', subagent_type: 'fork', prompt: 'Go.' }, {})).not.toHaveProperty('call');
  });
});
