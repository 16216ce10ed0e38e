import { describe, expect, it } from 'vitest';
import { assistant, reminder, reminderText, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { classifyMessages } from '../transcript/classify-messages';
import type { TranscriptMessage } from '../transcript/transcript';
import { agentCall, BEGIN, copyOf, DIRECTIVE, DIRECTIVE_PROMPT, inFlightTail, mergedCopy, plan, ranges, session } from './testing/qwen-plan-fixtures';

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
    expect(result.window).toEqual({ start: 3, end: 5, description: 'fork_turns "2": more than the 1 real user turn there are, so all of them', realTurns: 1 });
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
