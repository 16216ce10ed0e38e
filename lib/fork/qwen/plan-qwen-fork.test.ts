import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminder, reminderText, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage, ParentRange } from '../fork-plan';
import { planFork } from '../plan-fork';
import { childProfile } from '../planning/forked-plan';
import { classifyMessages } from '../transcript/classify-messages';
import type { TranscriptMessage } from '../transcript/transcript';
import { buildChildMessage } from './child-message';
import type { QwenForkParams } from './qwen-fork-request';

const DIRECTIVE = 'Write unit tests for b.ts.';
const CHILD_MESSAGE = buildChildMessage(DIRECTIVE, '0.24');

/** A call as Qwen 0.24's model writes it: with the description its schema requires, unless the test says otherwise. */
function plan(messages: TranscriptMessage[], params: QwenForkParams, directive = DIRECTIVE) {
  return planFork(parentOf(messages), { policy: 'qwen-fork-turns', directive, params: 'description' in params ? params : { description: 'Task', ...params } });
}

function copyOf(messages: TranscriptMessage[], index: number): ChildMessage {
  return {
    message: messages[index]!.message,
    ...(messages[index]!.meta ? { meta: messages[index]!.meta } : {}),
    source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
  };
}

/** Parent messages the child's first send curates into one user message: their parts side by side. */
function mergedCopy(messages: TranscriptMessage[], indexes: number[]): ChildMessage {
  return {
    message: { role: 'user', content: indexes.flatMap((index) => messages[index]!.message.content as { type: 'text'; text: string }[]) },
    source: { kind: 'copy', parentIndexes: indexes, parentIds: indexes.map((index) => messages[index]!.id), change: 'merged' },
  };
}

/** The four messages a fork appends after the in-flight Agent call, with its inputs redacted. */
function inFlightTail(messages: TranscriptMessage[], index: number, calls: { id: string; tool: string }[]): ChildMessage[] {
  const original = messages[index]!.message;
  const redacted = {
    ...original,
    content: (original.content as { type: string }[]).map((part) => (part.type === 'tool-call' ? { ...part, input: {} } : part)),
  };
  return [
    {
      message: redacted as ChildMessage['message'],
      source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id], change: 'tool-inputs-redacted' },
    },
    {
      message: {
        role: 'tool',
        content: calls.map((call) => ({
          type: 'tool-result',
          toolCallId: call.id,
          toolName: call.tool,
          output: { type: 'text', value: 'Fork started — processing in background' },
        })),
      },
      source: { kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: calls.map((call) => call.id) },
    },
    {
      message: { role: 'user', content: [{ type: 'text', text: CHILD_MESSAGE }] },
      source: { kind: 'synthetic', rule: 'fork-directive-message' },
    },
    {
      message: { role: 'assistant', content: [{ type: 'text', text: 'Understood. Executing directive now.' }] },
      source: { kind: 'synthetic', rule: 'fork-directive-acknowledgement' },
    },
  ];
}

/** The error result Qwen's chat gives, on the child's first send, each call no result answers. */
function orphansClosed(calls: { id: string; tool: string }[]): ChildMessage {
  return {
    message: {
      role: 'tool',
      content: calls.map((call) => ({
        type: 'tool-result',
        toolCallId: call.id,
        toolName: call.tool,
        output: {
          type: 'error-text',
          value:
            'Tool execution result was not recorded — likely interrupted by network failure, abort, or process exit. Treat as failure and retry if needed.',
        },
      })),
    },
    source: { kind: 'synthetic', rule: 'orphaned-call-closed', toolCallIds: calls.map((call) => call.id) },
  };
}

const BEGIN = {
  message: { role: 'user', content: [{ type: 'text', text: 'Begin.' }] },
  source: { kind: 'synthetic', rule: 'fork-begin-prompt' },
};
const DIRECTIVE_PROMPT = {
  message: { role: 'user', content: [{ type: 'text', text: CHILD_MESSAGE }] },
  source: { kind: 'synthetic', rule: 'fork-directive-prompt' },
};

function ranges(plan: { parent: ParentRange[] }) {
  return plan.parent.map((range) => [range.start, range.end, range.status, range.reason]);
}

const agentCall = (id: string, callId: string, input: Record<string, unknown>) => toolCalls(id, [{ id: callId, tool: 'agent', input }]);

/** startup · turn 1 with a tool pair · reminder · turn 2 · turn 3 ending in the in-flight Agent call. */
const session: TranscriptMessage[] = [
  reminder('startup', 'cwd: /repo'),
  user('u1', 'What does a.ts export?'),
  toolCalls('c1', [{ id: 'call-1', tool: 'read_file', input: { path: 'a.ts' } }]),
  toolResults('r1', [{ id: 'call-1', tool: 'read_file', output: 'export const a = 1;' }]),
  assistant('a1', 'a.ts exports a.'),
  reminder('rem', 'todo list changed'),
  user('u2', 'Now check b.ts.'),
  assistant('a2', 'b.ts looks fine.'),
  user('u3', 'Fork a worker to write tests.'),
  agentCall('fork-call', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: DIRECTIVE }),
];

describe('planFork — Qwen fork_turns windows', () => {
  it('N=1: the startup block and the latest real turn, sent as one user message, with the in-flight call answered by a placeholder', () => {
    const result = plan(session, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.errors).toEqual([]);
    expect(result.child!.initialMessages).toEqual([
      {
        message: {
          role: 'user',
          content: [
            { type: 'text', text: '<system-reminder>\ncwd: /repo\n</system-reminder>' },
            { type: 'text', text: 'Fork a worker to write tests.' },
          ],
        },
        source: { kind: 'copy', parentIndexes: [0, 8], parentIds: ['startup', 'u3'], change: 'merged' },
      },
      ...inFlightTail(session, 9, [{ id: 'agent-1', tool: 'agent' }]),
    ]);
    expect(result.child!.firstPrompt).toEqual(BEGIN);
    expect(ranges(result)).toEqual([
      [0, 1, 'inherited', 'startup-prefix-kept'],
      [1, 8, 'excluded', 'before-window'],
      [8, 9, 'inherited', 'in-window'],
      [9, 10, 'inherited', 'tool-call-input-redacted'],
    ]);
    expect(result.window).toEqual({
      start: 8,
      end: 10,
      description: 'fork_turns "1": the last 1 real user turn',
      realTurns: 1,
    });
  });

  it('N=2: a reminder right before a prompt is merged into it by curation, so the window starts at the reminder', () => {
    const result = plan(session, { subagent_type: 'fork', fork_turns: '2' });
    expect(result.child!.initialMessages).toEqual([
      {
        message: {
          role: 'user',
          content: [
            { type: 'text', text: reminderText('cwd: /repo') },
            { type: 'text', text: reminderText('todo list changed') },
            { type: 'text', text: 'Now check b.ts.' },
          ],
        },
        source: { kind: 'copy', parentIndexes: [0, 5, 6], parentIds: ['startup', 'rem', 'u2'], change: 'merged' },
      },
      copyOf(session, 7),
      copyOf(session, 8),
      ...inFlightTail(session, 9, [{ id: 'agent-1', tool: 'agent' }]),
    ]);
    expect(ranges(result)).toEqual([
      [0, 1, 'inherited', 'startup-prefix-kept'],
      [1, 5, 'excluded', 'before-window'],
      [5, 7, 'inherited', 'merged-by-curation'],
      [7, 9, 'inherited', 'in-window'],
      [9, 10, 'inherited', 'tool-call-input-redacted'],
    ]);
  });

  it('N above the number of turns takes every real turn, the startup block sent with the first as "all" sends it', () => {
    const three = plan(session, { subagent_type: 'fork', fork_turns: '3' });
    const many = plan(session, { subagent_type: 'fork', fork_turns: '999999999999' });
    expect(many.child!.initialMessages).toEqual(three.child!.initialMessages);
    expect(three.child!.initialMessages.slice(0, 2)).toEqual([mergedCopy(session, [0, 1]), copyOf(session, 2)]);
    expect(three.child!.initialMessages).toEqual(plan(session, { subagent_type: 'fork', fork_turns: 'all' }).child!.initialMessages);
    expect(three.window!.realTurns).toBe(3);
  });

  it('"all": the curated history, so the startup reminder merges into the first prompt', () => {
    const result = plan(session, { subagent_type: 'fork', fork_turns: 'all' });
    expect(result.child!.initialMessages).toEqual([
      {
        message: {
          role: 'user',
          content: [
            { type: 'text', text: reminderText('cwd: /repo') },
            { type: 'text', text: 'What does a.ts export?' },
          ],
        },
        source: { kind: 'copy', parentIndexes: [0, 1], parentIds: ['startup', 'u1'], change: 'merged' },
      },
      copyOf(session, 2),
      copyOf(session, 3),
      copyOf(session, 4),
      {
        message: {
          role: 'user',
          content: [
            { type: 'text', text: reminderText('todo list changed') },
            { type: 'text', text: 'Now check b.ts.' },
          ],
        },
        source: { kind: 'copy', parentIndexes: [5, 6], parentIds: ['rem', 'u2'], change: 'merged' },
      },
      copyOf(session, 7),
      copyOf(session, 8),
      ...inFlightTail(session, 9, [{ id: 'agent-1', tool: 'agent' }]),
    ]);
    expect(ranges(result)).toEqual([
      [0, 2, 'inherited', 'merged-by-curation'],
      [2, 5, 'inherited', 'in-window'],
      [5, 7, 'inherited', 'merged-by-curation'],
      [7, 9, 'inherited', 'in-window'],
      [9, 10, 'inherited', 'tool-call-input-redacted'],
    ]);
  });

  it('an omitted fork_turns is "all"', () => {
    expect(plan(session, { subagent_type: 'fork' }).child).toEqual(plan(session, { subagent_type: 'fork', fork_turns: 'all' }).child);
  });

  it('keeps the legacy startup pair in front of a numeric window', () => {
    const messages = [
      user('ctx', 'Environment: linux, cwd /repo'),
      assistant('got', 'Got it. Thanks for the context!'),
      user('u1', 'one'),
      assistant('a1', 'ok'),
      user('u2', 'two'),
      agentCall('call', 'agent-1', { prompt: DIRECTIVE }),
    ];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.child!.initialMessages).toEqual([
      copyOf(messages, 0),
      copyOf(messages, 1),
      copyOf(messages, 4),
      ...inFlightTail(messages, 5, [{ id: 'agent-1', tool: 'agent' }]),
    ]);
    expect(ranges(result)[0]).toEqual([0, 2, 'inherited', 'startup-prefix-kept']);
  });

  it('counts an image-only message as a real turn', () => {
    const messages = [
      user('u1', 'first'),
      assistant('a1', 'ok'),
      user('shot', [{ type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' }]),
      assistant('a2', 'I see a chart.'),
      agentCall('call', 'agent-1', { prompt: DIRECTIVE }),
    ];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.window!.start).toBe(2);
    expect(result.child!.initialMessages.slice(0, 2)).toEqual([copyOf(messages, 2), copyOf(messages, 3)]);
  });

  it('does not count a whitespace-only prompt, so the window reaches back to the last real one', () => {
    const messages = [
      user('u1', 'first'),
      assistant('a1', 'ok'),
      user('blank', '  \n '),
      assistant('a2', 'Did you mean to send something?'),
      agentCall('call', 'agent-1', { prompt: DIRECTIVE }),
    ];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.window!.start).toBe(0);
    expect(result.child!.initialMessages.slice(0, 4)).toEqual([0, 1, 2, 3].map((i) => copyOf(messages, i)));
  });
});

describe('planFork — Qwen compaction prefix', () => {
  const summary = user('sum', '<summary>Earlier: set up the repo.</summary>\nResume the prior task.');
  const ack = assistant('ack', 'Got it. Thanks for the additional context!');
  const tail = [user('u1', 'continue'), assistant('a1', 'done'), agentCall('call', 'agent-1', { prompt: DIRECTIVE })];

  it.each([
    ['2', [summary, ack]],
    ['3', [summary, ack, user('att', 'The following files were recently accessed before context was compacted.\n- a.ts'), assistant('after', 'Noted.')]],
    [
      '4',
      [
        summary,
        ack,
        user('att', 'Recently accessed file (full current content embedded): a.ts'),
        toolCalls('replay', [{ id: 'replay-1', tool: 'read_file', input: { path: 'a.ts' } }]),
      ],
    ],
  ])('leaves a prefix of length %s out of a numeric window and keeps it with "all"', (length, prefix) => {
    const messages = [reminder('startup', 'env'), ...(prefix as TranscriptMessage[]), ...tail];
    const prefixLength = Number(length);
    const numeric = plan(messages, { subagent_type: 'fork', fork_turns: '10' });
    const prefixRanges = ranges(numeric).slice(1, 2);
    expect(prefixRanges).toEqual([[1, 1 + prefixLength, 'excluded', 'compaction-summary-outside-window']]);
    const inherited = numeric.child!.initialMessages.map((m) => (m.source.kind === 'copy' ? m.source.parentIds : m.source.rule));
    expect(inherited.slice(0, 2)).toEqual([['startup', 'u1'], ['a1']]);

    const all = plan(messages, { subagent_type: 'fork', fork_turns: 'all' });
    const allSources = all.child!.initialMessages.map((m) => (m.source.kind === 'copy' ? m.source.parentIds : m.source.rule));
    // "all" is curated: the startup reminder merges into the summary, which follows it.
    expect(allSources[0]).toEqual(['startup', 'sum']);
    expect(allSources).toContainEqual(['ack']);
  });

  it('with the prefix only, a numeric window finds no turn and the child inherits nothing', () => {
    const messages = [reminder('startup', 'env'), summary, ack];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.child!.initialMessages).toEqual([]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
    expect(ranges(result)).toEqual([
      [0, 1, 'excluded', 'trailing-user-message-dropped'],
      [1, 3, 'excluded', 'compaction-summary-outside-window'],
    ]);
    expect(result.window!.description).toBe('fork_turns "1": no real user turn to start a window at');
  });
});

describe('planFork — Qwen quirks of the window source', () => {
  const fork = agentCall('fork', 'agent-1', { description: 'Fork', subagent_type: 'fork', prompt: DIRECTIVE });

  it('a first reply that reads exactly the legacy acknowledgement makes Qwen skip its prompt, and the plan labels it a quirk', () => {
    const messages = [
      reminder('startup', 'env'),
      user('u1', 'Reply with exactly: Got it. Thanks for the context!'),
      assistant('a1', 'Got it. Thanks for the context!'),
      user('u2', 'Now fork a worker.'),
      fork,
    ];
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '2' });
    expect(result.window).toEqual({ start: 3, end: 5, description: 'fork_turns "2": the last 2 real user turns', realTurns: 1 });
    expect(result.parent.map((range) => [range.start, range.end, range.reason, range.detail])).toEqual([
      [0, 1, 'startup-prefix-kept', 'startup context: kept in front of the window so the child knows its environment'],
      [
        1,
        3,
        'before-window',
        'Qwen quirk: the reply to this prompt reads exactly “Got it. Thanks for the context!”, the legacy startup acknowledgement, so Qwen takes the two for a startup pair and skips them before counting turns',
      ],
      [3, 4, 'in-window', 'inside the fork window: copied to the child'],
      [
        4,
        5,
        'tool-call-input-redacted',
        'the in-flight call: copied with every tool call input replaced by {} so sibling forks never see each other’s directives',
      ],
    ]);
    expect(result.warnings).toEqual([
      'Qwen quirk: the prompt at #1 is not counted as a turn. The reply after it reads exactly “Got it. Thanks for the context!”, and Qwen re-checks the start of the window source for a startup block (selectForkHistory calls getStartupContextLength with includeCompressed), so it takes the two for the legacy startup pair and skips them.',
    ]);
    // Only a numeric window re-checks its source; "all" keeps everything.
    expect(plan(messages, { subagent_type: 'fork', fork_turns: 'all' }).warnings).toEqual([]);
  });

  it('a compaction summary followed directly by a prompt: curation merges them, so the prompt goes with the prefix, and the plan says why', () => {
    const messages = [
      reminder('startup', 'env'),
      user('summary', 'This session is being continued from a previous conversation that ran out of context.', {
        origin: { format: 'claude-code', compactionSummary: true },
      }),
      user('u1', 'Carry on with the parser.'),
      fork,
    ];
    // The import counts the prompt as a real turn; Qwen's curated window source does not.
    expect(
      classifyMessages(messages)
        .filter((item) => item.kind === 'real-user-turn')
        .map((item) => item.id),
    ).toEqual(['u1']);
    const result = plan(messages, { subagent_type: 'fork', fork_turns: '1' });
    expect(result.window).toEqual({ start: null, end: 4, description: 'fork_turns "1": no real user turn to start a window at', realTurns: 0 });
    expect(result.child!.initialMessages).toEqual([]);
    expect(result.child!.firstPrompt).toEqual(DIRECTIVE_PROMPT);
    expect(result.parent.map((range) => [range.start, range.end, range.reason, range.detail])).toEqual([
      [
        0,
        1,
        'trailing-user-message-dropped',
        'the selection’s last entry is user-role (a prompt, or tool results) and nobody answered it: Qwen drops that one entry before sending the directive',
      ],
      [1, 2, 'compaction-summary-outside-window', 'compaction summary: a synthetic prefix, never inside a numeric window (use "all" to keep it)'],
      [
        2,
        3,
        'compaction-summary-outside-window',
        'a prompt curation merged into the compaction prefix before it (adjacent user-role messages are one entry): skipped with the prefix, so not counted as a turn and not inherited',
      ],
      [3, 4, 'before-window', 'before the fork window: not inherited'],
    ]);
    expect(result.warnings).toEqual([
      'The prompt at #2 went with the compaction prefix: curation merged it into the compaction summary before it (adjacent user-role messages are one entry, geminiChat.ts appendCuratedContent), and the prefix is skipped before turns are counted (fork-subagent.ts selectForkHistory), so a numeric window neither counts nor inherits it.',
    ]);
  });
});

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
