import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminder, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { planFork } from '../plan-fork';
import { childProfile } from '../planning/forked-plan';
import { buildChildMessage } from './child-message';
import { agentCall, copyOf, DIRECTIVE, DIRECTIVE_PROMPT, inFlightTail, orphansClosed, plan, ranges, session } from './testing/qwen-plan-fixtures';

describe('planFork — Qwen boundary repair', () => {
  it('empty selection: no inherited messages and the child message is the first prompt', () => {
    const result = plan([], { subagent_type: 'fork', fork_turns: '3' });
    expect(result.child!.initialMessages).toEqual([]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
    expect(result.parent).toEqual([]);
  });

  it('zero real turns with a legacy startup pair: the pair stays (it ends with the assistant)', () => {
    const messages = [user('ctx', 'Environment'), assistant('got', 'Got it. Thanks for the context!')];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.child!.initialMessages).toEqual([copyOf(messages, 0), copyOf(messages, 1)]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
  });

  it('last message is a user message: it is dropped and the child message is the first prompt', () => {
    const messages = [user('u1', 'one'), assistant('a1', 'ok'), user('u2', 'never answered')];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: 'all' });
    expect(result.child!.initialMessages).toEqual([copyOf(messages, 0), copyOf(messages, 1)]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
    expect(ranges(result)).toEqual([
      [0, 2, 'inherited', 'in-window'],
      [2, 3, 'excluded', 'trailing-user-message-dropped'],
    ]);
  });

  it('a trailing unanswered prompt: that one entry is dropped and the startup prefix stays', () => {
    const messages = [reminder('startup', 'env'), user('u1', 'one'), assistant('a1', 'ok'), user('u2', 'never answered')];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.child!.initialMessages).toEqual([copyOf(messages, 0)]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
    expect(ranges(result)).toEqual([
      [0, 1, 'inherited', 'startup-prefix-kept'],
      [1, 3, 'excluded', 'before-window'],
      [3, 4, 'excluded', 'trailing-user-message-dropped'],
    ]);
    expect(result.window!.realTurns).toBe(0);
  });

  it('the startup reminder is dropped only when it is itself the last entry', () => {
    const messages = [reminder('startup', 'env'), user('u1', 'never answered')];
    expect(plan(messages, { subagent_type: 'fork', fork_turns: '1' }).child!.initialMessages).toEqual([copyOf(messages, 0)]);
    const onlyStartup = plan([reminder('startup', 'env')], { subagent_type: 'fork', fork_turns: '1' });
    expect(onlyStartup.child!.initialMessages).toEqual([]);
    expect(ranges(onlyStartup)).toEqual([[0, 1, 'excluded', 'trailing-user-message-dropped']]);
  });

  it('last message is an assistant reply without tool calls: everything is kept', () => {
    const messages = [user('u1', 'one'), assistant('a1', 'ok')];
    const result = plan(messages, { subagent_type: 'fork' });
    expect(result.child!.initialMessages).toEqual([copyOf(messages, 0), copyOf(messages, 1)]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
  });

  it('parallel sibling fork calls: every input is redacted to {} and each call gets the same placeholder', () => {
    const messages = [
      user('u1', 'Split the work in two.'),
      toolCalls(
        'calls',
        [
          { id: 'agent-a', tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', prompt: 'Do part A' } },
          { id: 'agent-b', tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', prompt: 'Do part B' } },
        ],
        'Forking two workers.',
      ),
    ];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.child!.initialMessages).toEqual([
      copyOf(messages, 0),
      ...inFlightTail(messages, 1, [
        { id: 'agent-a', tool: 'agent' },
        { id: 'agent-b', tool: 'agent' },
      ]),
    ]);
    expect(JSON.stringify(result.child)).not.toContain('Do part A');
    expect(JSON.stringify(result.child)).not.toContain('Do part B');
    // The redacted message still carries the assistant's text.
    expect(result.child!.initialMessages[1]!.message.content).toEqual([
      { type: 'text', text: 'Forking two workers.' },
      { type: 'tool-call', toolCallId: 'agent-a', toolName: 'agent', input: {} },
      { type: 'tool-call', toolCallId: 'agent-b', toolName: 'agent', input: {} },
    ]);
  });

  it('trailing tool results are a user-role entry: dropped, with no fork placeholder; the chat answers the calls left open with its error on the first send', () => {
    const messages = [
      user('u1', 'Read both.'),
      toolCalls('calls', [
        { id: 'c-a', tool: 'read_file', input: { path: 'a' } },
        { id: 'c-b', tool: 'read_file', input: { path: 'b' } },
      ]),
      toolResults('res-a', [{ id: 'c-a', tool: 'read_file', output: 'A' }]),
    ];
    const result = plan(messages, { subagent_type: 'fork' });
    expect(result.child!.initialMessages).toEqual([
      copyOf(messages, 0),
      copyOf(messages, 1),
      orphansClosed([
        { id: 'c-a', tool: 'read_file' },
        { id: 'c-b', tool: 'read_file' },
      ]),
    ]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
    expect(ranges(result)).toEqual([
      [0, 1, 'inherited', 'in-window'],
      [1, 2, 'inherited', 'open-tool-call-closed'],
      [2, 3, 'excluded', 'trailing-user-message-dropped'],
    ]);
  });

  it('a prompt after the in-flight Agent call: only the prompt is dropped; the call stays unredacted, closed by the chat’s error', () => {
    const messages = [
      user('u1', 'Fork a worker.'),
      agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', prompt: DIRECTIVE }),
      user('u2', 'And leap years?'),
    ];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: 'all' });
    expect(result.child!.initialMessages).toEqual([copyOf(messages, 0), copyOf(messages, 1), orphansClosed([{ id: 'agent-1', tool: 'agent' }])]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
    expect(ranges(result)).toEqual([
      [0, 1, 'inherited', 'in-window'],
      [1, 2, 'inherited', 'open-tool-call-closed'],
      [2, 3, 'excluded', 'trailing-user-message-dropped'],
    ]);
  });

  it('tool results and the prompt curation merged them with are one trailing entry, dropped together', () => {
    const messages = [
      user('u1', 'Read a.'),
      toolCalls('call', [{ id: 'c-a', tool: 'read_file', input: { path: 'a' } }]),
      toolResults('res-a', [{ id: 'c-a', tool: 'read_file', output: 'A' }]),
      user('u2', 'Then fork.'),
    ];
    const result = plan(messages, { subagent_type: 'fork' });
    expect(result.child!.initialMessages).toEqual([copyOf(messages, 0), copyOf(messages, 1), orphansClosed([{ id: 'c-a', tool: 'read_file' }])]);
    expect(ranges(result)).toEqual([
      [0, 1, 'inherited', 'in-window'],
      [1, 2, 'inherited', 'open-tool-call-closed'],
      [2, 4, 'excluded', 'trailing-user-message-dropped'],
    ]);
  });
});

describe('planFork — Qwen curation of tool results', () => {
  it('a tool result merged with the next prompt travels with it into a window that starts at that prompt', () => {
    const messages = [
      reminder('startup', 'env'),
      user('u1', 'Read a.ts.'),
      toolCalls('c1', [{ id: 'call-1', tool: 'read_file', input: { path: 'a.ts' } }]),
      toolResults('r1', [{ id: 'call-1', tool: 'read_file', output: 'export const a = 1;' }]),
      user('u2', 'Fork a worker for the tests.'),
      agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: DIRECTIVE }),
    ];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.window).toEqual({ start: 3, end: 6, description: 'fork_turns "1": the last 1 real user turn', realTurns: 1 });
    expect(result.child!.initialMessages).toEqual([
      copyOf(messages, 0),
      copyOf(messages, 3),
      copyOf(messages, 4),
      ...inFlightTail(messages, 5, [{ id: 'agent-1', tool: 'agent' }]),
    ]);
    expect(ranges(result)).toEqual([
      [0, 1, 'inherited', 'startup-prefix-kept'],
      [1, 3, 'excluded', 'before-window'],
      [3, 5, 'inherited', 'merged-by-curation'],
      [5, 6, 'inherited', 'tool-call-input-redacted'],
    ]);
    // With "all" the pair is one entry too; the reminder before it still merges with its own prompt.
    const all = plan(messages, { subagent_type: 'fork', fork_turns: 'all' });
    expect(all.child!.initialMessages.map((entry) => (entry.source.kind === 'copy' ? entry.source.parentIds : entry.source.rule))).toEqual([
      ['startup', 'u1'],
      ['c1'],
      ['r1'],
      ['u2'],
      ['fork'],
      'fork-placeholder-result',
      'fork-directive-message',
      'fork-directive-acknowledgement',
    ]);
  });
});

describe('planFork — Qwen launch rules', () => {
  it('keeps the parent system instruction, model and approval mode, and its tools less agent (0.24: a fork is not given it)', () => {
    const result = planFork(parentOf(session, { approvalMode: 'auto-edit' }), {
      policy: 'qwen-fork-turns',
      directive: DIRECTIVE,
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' },
    });
    expect(result.child).toMatchObject({
      profileName: 'agent',
      systemInstruction: 'You are a careful coding agent.',
      model: 'fork-lab-offline',
      approvalMode: 'auto-edit',
      depth: 1,
      inheritance: { systemInstruction: 'parent', tools: 'parent-filtered', model: 'parent' },
    });
    expect(result.child!.tools.map((tool) => tool.name)).toEqual(['read_file']);
    // Before 0.24 (as Fork Lab read 05c11b40) the parent's declarations went whole.
    const before = planFork(parentOf(session), { policy: 'qwen-fork-turns', directive: DIRECTIVE, params: { subagent_type: 'fork' }, runtimeVersion: '0.23' });
    expect(before.child!.tools.map((tool) => tool.name)).toEqual(['read_file', 'agent']);
    expect(before.child!.inheritance.tools).toBe('parent');
  });

  it('a top-level agent whose history merely quotes the fork boilerplate may fork: where it runs decides, not what it read', () => {
    const quoting = [user('u1', `What does this mean?\n${buildChildMessage('earlier directive', '0.24')}`), assistant('a', 'It is a fork’s task.')];
    const result = plan(quoting, { subagent_type: 'fork' });
    expect(result.errors).toEqual([]);
    expect(result.child!.initialMessages).toEqual([copyOf(quoting, 0), copyOf(quoting, 1)]);
  });

  it('a fork child (its profile says so) may spawn nothing: Qwen’s fork-context refusal, for a regular subagent too', () => {
    const forked = planFork(parentOf(session), {
      policy: 'qwen-fork-turns',
      directive: DIRECTIVE,
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' },
    });
    const inChild = [
      ...forked.child!.initialMessages.map((entry, k) => ({ id: `m${k}`, message: entry.message })),
      { id: 'begin', message: forked.child!.firstPrompt.message },
    ];
    const asChild = parentOf(inChild, childProfile(forked.child!, 'child-1'));
    const refusal = [
      {
        parameter: 'subagent_type',
        code: 'spawn_inside_fork',
        message: 'Error: Cannot spawn sub-agents from within a fork. Please execute tasks directly.',
        explanation: 'This agent runs as a fork (its profile has forkChild: true). Qwen refuses every Agent call made inside a fork, a regular subagent too.',
      },
    ];
    for (const params of [{ description: 'Fork', subagent_type: 'fork' }, { description: 'Fork', subagent_type: 'general-purpose' }, { description: 'Fork' }]) {
      const result = planFork(asChild, { policy: 'qwen-fork-turns', directive: DIRECTIVE, params });
      expect(result.errors).toEqual(refusal);
      expect(result.child).toBeNull();
    }
  });

  it('any other sub-agent may not fork: Qwen’s nested-fork refusal; it may still start a regular subagent', () => {
    const sub = parentOf(session, { depth: 1 });
    const result = planFork(sub, { policy: 'qwen-fork-turns', directive: DIRECTIVE, params: { description: 'Fork', subagent_type: 'fork' } });
    expect(result.errors).toEqual([
      {
        parameter: 'subagent_type',
        code: 'fork_inside_subagent',
        message:
          'Error: subagent_type "fork" is not supported from within a sub-agent. Complete this task directly with your own tools instead of requesting a nested fork.',
        explanation: 'This agent is a sub-agent (depth 1). Qwen forks only from the top-level session.',
      },
    ]);
    expect(planFork(sub, { policy: 'qwen-fork-turns', directive: DIRECTIVE, params: { description: 'Fork', subagent_type: 'Explore' } }).mode).toBe('fresh');
  });

  it('parameter checks come before where the agent runs', () => {
    const inFork = parentOf(session, { depth: 1, forkChild: true });
    expect(
      planFork(inFork, { policy: 'qwen-fork-turns', directive: DIRECTIVE, params: { description: 'Fork', subagent_type: 'fork', fork_turns: '0' } }).errors.map(
        (e) => e.code,
      ),
    ).toEqual(['fork_turns_format']);
  });

  it('a regular subagent starts with no history', () => {
    const result = plan(session, { subagent_type: 'general-purpose' });
    expect(result.mode).toBe('fresh');
    expect(result.child).toBeNull();
    expect(ranges(result)).toEqual([[0, 10, 'excluded', 'not-a-fork']]);
  });

  it('a rejected request excludes every parent message and has no child', () => {
    const result = plan(session, { subagent_type: 'fork', fork_turns: '0' });
    expect(result.child).toBeNull();
    expect(result.errors.map((error) => error.code)).toEqual(['fork_turns_format']);
    expect(ranges(result)).toEqual([[0, 10, 'excluded', 'request-rejected']]);
  });

  it('refuses a blank directive with Qwen’s own prompt check, before the fork_turns and subagent_type checks', () => {
    const blank = [
      {
        parameter: 'directive',
        code: 'prompt_empty',
        message: 'Parameter "prompt" must be a non-empty string.',
        explanation: 'The directive is the prompt of the Agent call, and it is blank. Qwen refuses it before any other check.',
      },
    ];
    expect(plan(session, { subagent_type: 'fork' }, '  \n').errors).toEqual(blank);
    expect(plan(session, { subagent_type: 'fork', fork_turns: '0' }, ' ').errors).toEqual(blank);
    expect(plan(session, { subagent_type: '', fork_turns: '03' }, DIRECTIVE).errors.map((error) => error.code)).toEqual(['subagent_type_empty']);
  });

  it('reports what a prompt cache can reuse: from 0.24 the fork’s tools are not the parent’s', () => {
    expect(plan(session, { subagent_type: 'fork', fork_turns: '1' }).cache).toMatchObject({ systemMatches: true, toolsMatch: false });
    const before = planFork(parentOf(session), {
      policy: 'qwen-fork-turns',
      directive: DIRECTIVE,
      params: { subagent_type: 'fork', fork_turns: '1' },
      runtimeVersion: '0.23',
    });
    // The startup block goes out with the window's first prompt, in 0.23 as in 0.24: no message is the parent's own.
    expect(before.cache).toEqual({
      systemMatches: true,
      toolsMatch: true,
      sharedMessages: 0,
      reusableMessages: 0,
    });
    // "all" merges the startup block into the first prompt: nothing matches the recorded transcript.
    expect(plan(session, { subagent_type: 'fork', fork_turns: 'all' }).cache!.sharedMessages).toBe(0);
  });
});
