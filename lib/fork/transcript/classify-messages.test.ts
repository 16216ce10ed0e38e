import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminder, reminderText, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { planFork } from '../plan-fork';
import { arbitraryTranscript } from '../testing/arbitrary-transcript';
import { classifyMessages, isRealUserTurn } from './classify-messages';
import type { TranscriptMessage } from './transcript';

/**
 * For every N up to one past the last turn: fork_turns N opens its window at the badge numbered -N
 * (every turn, past the last), or on tool results curation merged into that turn, never on another
 * numbered turn; with no numbered turn there is no window.
 */
function expectBadgesWhereWindowsStart(messages: TranscriptMessage[]): void {
  const numbered = classifyMessages(messages).filter((entry) => entry.turnFromEnd !== undefined);
  const turns = numbered.length === 0 ? 0 : -Math.min(...numbered.map((entry) => entry.turnFromEnd!));
  for (let n = 1; n <= turns + 1; n++) {
    const plan = planFork(parentOf(messages), {
      policy: 'qwen-fork-turns',
      directive: 'go',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: String(n) },
    });
    if (turns === 0) {
      expect(plan.window?.start ?? null, `fork_turns ${n}`).toBeNull();
      continue;
    }
    const first = numbered.find((entry) => entry.turnFromEnd === -Math.min(n, turns))!;
    const start = plan.window!.start!;
    expect(start, `fork_turns ${n}`).toBeLessThanOrEqual(first.index);
    expect(
      numbered.filter((entry) => entry.index >= start && entry.index < first.index),
      `fork_turns ${n}`,
    ).toEqual([]);
  }
}

describe('isRealUserTurn', () => {
  it('counts a prompt, and an image or file alone', () => {
    expect(isRealUserTurn(user('u', 'fix it').message)).toBe(true);
    expect(isRealUserTurn(user('i', [{ type: 'image', image: 'aGk=', mediaType: 'image/png' }]).message)).toBe(true);
    expect(isRealUserTurn(user('f', [{ type: 'file', data: 'aGk=', mediaType: 'text/plain', filename: 'a.txt' }]).message)).toBe(true);
  });

  it('counts a prompt that carries a reminder in a separate part', () => {
    expect(
      isRealUserTurn(
        user('u', [
          { type: 'text', text: reminderText('env') },
          { type: 'text', text: 'and now the task' },
        ]).message,
      ),
    ).toBe(true);
  });

  it('counts a reminder glued in front of a prompt in one part (the prompt is still there)', () => {
    expect(isRealUserTurn(user('u', `${reminderText('env')}\nfix the bug`).message)).toBe(true);
  });

  it('never counts tool messages, empty or whitespace prompts, pure reminders, or marked lines', () => {
    expect(isRealUserTurn(toolResults('t', [{ id: 'c', tool: 'x', output: 'ok' }]).message)).toBe(false);
    expect(isRealUserTurn({ role: 'user', content: [] })).toBe(false);
    expect(isRealUserTurn({ role: 'user', content: '' })).toBe(false);
    expect(isRealUserTurn(user('w', ' \n\t ').message)).toBe(false);
    expect(isRealUserTurn(reminder('r', 'x').message)).toBe(false);
    expect(isRealUserTurn(user('m', '/clear', { origin: { meta: true } }).message, { origin: { meta: true } })).toBe(false);
    expect(isRealUserTurn(user('s', 'summary').message, { origin: { compactionSummary: true } })).toBe(false);
    expect(isRealUserTurn(assistant('a', 'hi').message)).toBe(false);
  });
});

describe('classifyMessages', () => {
  it('classifies every kind and numbers real turns from the end', () => {
    const messages = [
      reminder('startup', 'cwd: /repo'),
      user('sum', 'Summary of earlier work. Resume the prior task.'),
      assistant('ack', 'Got it. Thanks for the additional context!'),
      user('att', '<plan-mode-active>\nplanning</plan-mode-active>'),
      user('u1', 'first question'),
      toolCalls('c1', [{ id: 'call-1', tool: 'read_file', input: { path: 'a.ts' } }]),
      toolResults('r1', [{ id: 'call-1', tool: 'read_file', output: 'contents' }]),
      reminder('rem', 'todo list changed'),
      user('mixed', [
        { type: 'text', text: reminderText('note') },
        { type: 'text', text: '   ' },
      ]),
      assistant('a1', 'answer'),
      user('blank', '   '),
      { id: 'empty', message: { role: 'user' as const, content: [] } },
      { id: 'sys', message: { role: 'system' as const, content: 'be brief' } },
      user('u2', 'second question'),
      user('echo', '<command-name>/clear</command-name>', { origin: { meta: true } }),
    ];
    expect(
      classifyMessages(messages).map(({ id, kind, turnFromEnd, note, hasReminder, uncounted }) => ({
        id,
        kind,
        ...(turnFromEnd === undefined ? {} : { turnFromEnd }),
        ...(note === undefined ? {} : { note }),
        ...(uncounted === undefined ? {} : { uncounted }),
        ...(hasReminder ? { hasReminder } : {}),
      })),
    ).toEqual([
      { id: 'startup', kind: 'startup-context', hasReminder: true },
      { id: 'sum', kind: 'compaction-summary' },
      { id: 'ack', kind: 'compaction-acknowledgement' },
      { id: 'att', kind: 'compaction-attachment' },
      // Right after the attachment, so curation merges it into the prefix Qwen skips.
      {
        id: 'u1',
        kind: 'real-user-turn',
        uncounted:
          'not counted as a turn: curation merged this prompt into the compaction prefix before it (adjacent user-role messages are one entry), and the prefix is skipped before turns are counted',
      },
      // An assistant tool call right after the attachment is, to the runtime, the call it replays after compaction.
      { id: 'c1', kind: 'compaction-attachment-call' },
      { id: 'r1', kind: 'tool-result' },
      { id: 'rem', kind: 'pure-reminder', hasReminder: true },
      { id: 'mixed', kind: 'reminder', hasReminder: true },
      { id: 'a1', kind: 'assistant' },
      { id: 'blank', kind: 'other', note: 'whitespace-only prompt' },
      { id: 'empty', kind: 'other', note: 'empty user message' },
      { id: 'sys', kind: 'system' },
      { id: 'u2', kind: 'real-user-turn', turnFromEnd: -1 },
      { id: 'echo', kind: 'other', note: 'marked meta by the importer: not a person’s prompt' },
    ]);
  });

  it('classifies the legacy startup pair and a compaction prefix of length 4 after it', () => {
    const messages = [
      user('ctx', 'Environment: linux'),
      assistant('got', 'Got it. Thanks for the context!'),
      user('sum', 'Resume the prior task'),
      assistant('ack', 'Got it. Thanks for the additional context!'),
      user('att', 'Recently accessed file (full current content embedded): a.ts'),
      toolCalls('replay', [{ id: 'c', tool: 'read_file', input: {} }]),
      user('u', 'go on'),
    ];
    expect(classifyMessages(messages).map((c) => c.kind)).toEqual([
      'startup-context',
      'startup-context',
      'compaction-summary',
      'compaction-acknowledgement',
      'compaction-attachment',
      'compaction-attachment-call',
      'real-user-turn',
    ]);
  });

  it('marks an importer-flagged summary anywhere as a compaction summary, never a turn', () => {
    const messages = [user('u', 'hi'), user('s', 'continued', { origin: { compactionSummary: true } })];
    expect(classifyMessages(messages).map((c) => [c.kind, c.turnFromEnd])).toEqual([
      ['real-user-turn', -1],
      ['compaction-summary', undefined],
    ]);
  });
});

describe('turn numbers', () => {
  const messages = [
    user('u1', 'Look at the parser.'),
    assistant('a1', 'It splits on commas.'),
    user('u2', 'Make it handle quotes.'),
    user('u3', 'And escaped quotes too.'),
    assistant('a2', 'Done.'),
    user('u4', 'Now the tests.'),
    assistant('empty', ''),
    user('u5', 'With fixtures.'),
    assistant('a3', 'Tests added.'),
  ];

  it('number prompts with no reply between them as one turn, counted from its first prompt', () => {
    const turns = classifyMessages(messages).flatMap((entry) =>
      entry.kind === 'real-user-turn' ? [[entry.id, entry.turnFromEnd, entry.continuesTurnAt ?? null]] : [],
    );
    expect(turns).toEqual([
      ['u1', -3, null],
      ['u2', -2, null],
      ['u3', -2, 2],
      // An empty assistant message is no reply: curation drops it.
      ['u4', -1, null],
      ['u5', -1, 5],
    ]);
  });

  it('leaves a prompt Qwen takes for the legacy startup pair unnumbered, saying why', () => {
    const quirk = [
      reminder('r', 'cwd: /repo'),
      user('u1', 'Set up the repo.'),
      assistant('a1', 'Got it. Thanks for the context!'),
      user('u2', 'Now test it.'),
      assistant('a2', 'Done.'),
    ];
    expect(classifyMessages(quirk).map(({ id, turnFromEnd, uncounted }) => [id, turnFromEnd ?? null, uncounted ?? null])).toEqual([
      ['r', null, null],
      [
        'u1',
        null,
        'not counted as a turn: the reply after it reads exactly “Got it. Thanks for the context!”, so Qwen takes the two for the legacy startup pair and skips them before counting turns',
      ],
      ['a1', null, null],
      ['u2', -1, null],
      ['a2', null, null],
    ]);
    const plan = planFork(parentOf(quirk), {
      policy: 'qwen-fork-turns',
      directive: 'go',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: '2' },
    });
    expect(plan.window?.start).toBe(3);
  });

  it('give each turn the number fork_turns takes to start a Qwen window at its first prompt', () => {
    for (const entry of classifyMessages(messages)) {
      if (entry.kind !== 'real-user-turn') continue;
      const plan = planFork(parentOf(messages), {
        policy: 'qwen-fork-turns',
        directive: 'go',
        params: { description: 'Fork', subagent_type: 'fork', fork_turns: String(-entry.turnFromEnd!) },
      });
      expect(plan.window?.start, entry.id).toBe(entry.continuesTurnAt ?? entry.index);
    }
  });

  it('numbers turns as Qwen counts them, on any transcript: fork_turns N starts its window at turn -N', () => {
    fc.assert(
      fc.property(arbitraryTranscript, (messages) => {
        expectBadgesWhereWindowsStart(messages);
      }),
      { numRuns: 300 },
    );
  });

  it('numbers turns as Qwen counts them around a compaction prefix curation reshapes (reminders, prompts and empty replies inside it)', () => {
    // Short transcripts over an alphabet of the messages a synthetic prefix is made of.
    const token = fc.constantFrom('summary', 'marked-summary', 'ack', 'attachment', 'legacy-ack', 'prompt', 'reply', 'empty-reply', 'reminder', 'tool-pair');
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 9 }), (tokens) => {
        const messages: TranscriptMessage[] = [];
        let call = 0;
        tokens.forEach((kind) => {
          const id = `m${messages.length}`;
          if (kind === 'summary') messages.push(user(id, 'Summary so far. Resume the prior task.'));
          if (kind === 'marked-summary') messages.push(user(id, 'Summary so far.', { origin: { compactionSummary: true } }));
          if (kind === 'ack') messages.push(assistant(id, 'Got it. Thanks for the additional context!'));
          if (kind === 'attachment') messages.push(user(id, '<background-tasks>\nnone\n</background-tasks>'));
          if (kind === 'legacy-ack') messages.push(assistant(id, 'Got it. Thanks for the context!'));
          if (kind === 'prompt') messages.push(user(id, `question ${messages.length}`));
          if (kind === 'reply') messages.push(assistant(id, `answer ${messages.length}`));
          if (kind === 'empty-reply') messages.push(assistant(id, ''));
          if (kind === 'reminder') messages.push(reminder(id, `note ${messages.length}`));
          if (kind === 'tool-pair') {
            const callId = `call-${call++}`;
            messages.push(
              toolCalls(id, [{ id: callId, tool: 'read_file', input: {} }]),
              toolResults(`${id}r`, [{ id: callId, tool: 'read_file', output: 'x' }]),
            );
          }
        });
        expectBadgesWhereWindowsStart(messages);
      }),
      { numRuns: 3000 },
    );
  });
});
