import { describe, expect, it } from 'vitest';
import { assistant, reminder, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { curateHistory, findWindowStart } from './curate-history';

describe('curateHistory', () => {
  it('merges adjacent user messages, concatenating their parts', () => {
    const messages = [reminder('r', 'env'), user('u', 'hello'), assistant('a', 'hi')];
    const merged = {
      role: 'user',
      content: [
        { type: 'text', text: '<system-reminder>\nenv\n</system-reminder>' },
        { type: 'text', text: 'hello' },
      ],
    };
    expect(curateHistory(messages)).toEqual([
      { message: merged, meta: undefined, pieces: [{ message: merged, meta: undefined, sources: [0, 1] }], sources: [0, 1], real: true },
      { message: messages[2]!.message, meta: undefined, pieces: [{ message: messages[2]!.message, meta: undefined, sources: [2] }], sources: [2], real: false },
    ]);
  });

  it('drops a whole assistant run when one message in it is invalid, then merges the users around it', () => {
    const dropped: number[] = [];
    const messages = [user('u1', 'one'), assistant('bad', ''), assistant('good', 'fine'), user('u2', 'two'), assistant('a2', 'done')];
    const entries = curateHistory(messages, 0, messages.length, (index) => dropped.push(index));
    expect(dropped).toEqual([1, 2]);
    expect(entries.map((entry) => [entry.sources, entry.message.content])).toEqual([
      [
        [0, 3],
        [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      ],
      [[4], [{ type: 'text', text: 'done' }]],
    ]);
  });

  it('merges tool results with the user-role messages next to them, keeping each tool message as its own piece', () => {
    const messages = [
      user('u', 'go'),
      toolCalls('c', [{ id: 'x', tool: 'read_file', input: {} }]),
      toolResults('r', [{ id: 'x', tool: 'read_file', output: 'ok' }]),
      reminder('rem', 'note'),
      user('next', 'and now?'),
    ];
    const entries = curateHistory(messages);
    expect(entries.map((entry) => entry.sources)).toEqual([[0], [1], [2, 3, 4]]);
    const toolEntry = entries[2]!;
    // Read as one user-role Content, as Qwen holds it; a real turn because of its prompt.
    expect(toolEntry.message.role).toBe('user');
    expect(toolEntry.message.content).toEqual([
      ...(messages[2]!.message.content as unknown[]),
      ...(messages[3]!.message.content as unknown[]),
      { type: 'text', text: 'and now?' },
    ]);
    expect(toolEntry.real).toBe(true);
    // Given to the child as the tool message, then the reminder and the prompt merged.
    expect(toolEntry.pieces.map((piece) => [piece.message.role, piece.sources])).toEqual([
      ['tool', [2]],
      ['user', [3, 4]],
    ]);
    expect(toolEntry.pieces[0]!.message).toBe(messages[2]!.message);
  });

  it('reads a lone tool message as user-role content, never as a real turn', () => {
    const messages = [toolResults('r', [{ id: 'x', tool: 'read_file', output: 'ok' }]), assistant('a', 'ok')];
    const [entry] = curateHistory(messages);
    expect(entry!.message).toEqual({ role: 'user', content: messages[0]!.message.content });
    expect(entry!.real).toBe(false);
  });

  it('does not mutate the parent when merging', () => {
    const messages = [user('a', 'one'), user('b', 'two')];
    const before = JSON.stringify(messages);
    curateHistory(messages);
    expect(JSON.stringify(messages)).toBe(before);
  });
});

describe('findWindowStart', () => {
  const messages = [
    user('u1', 'one'),
    assistant('a1', 'ok'),
    reminder('rem', 'note'),
    user('u2', 'two'),
    assistant('a2', 'ok'),
    user('u3', 'three'),
    toolCalls('c', [{ id: 'x', tool: 'agent', input: {} }]),
  ];

  it('starts the window at the curated entry holding the Nth real turn from the end', () => {
    expect(findWindowStart(messages, 0, messages.length, 1)).toEqual({ start: 5, realTurns: 1 });
    // The reminder before u2 merges into it, so the window starts at the reminder.
    expect(findWindowStart(messages, 0, messages.length, 2)).toEqual({ start: 2, realTurns: 2 });
    expect(findWindowStart(messages, 0, messages.length, 3)).toEqual({ start: 0, realTurns: 3 });
  });

  it('takes every real turn when fewer than N exist, and none when there is none', () => {
    expect(findWindowStart(messages, 0, messages.length, 50)).toEqual({ start: 0, realTurns: 3 });
    expect(findWindowStart([reminder('r', 'x'), assistant('a', 'y')], 0, 2, 1)).toEqual({ start: null, realTurns: 0 });
  });

  it('counts two prompts merged by curation as one turn', () => {
    const merged = [user('u1', 'one'), assistant('bad', ''), user('u2', 'two'), assistant('a', 'ok')];
    expect(findWindowStart(merged, 0, merged.length, 1)).toEqual({ start: 0, realTurns: 1 });
  });

  it('starts the window at a tool result curation merged with the prompt after it', () => {
    const withResult = [
      user('u1', 'one'),
      toolCalls('c', [{ id: 'x', tool: 'read_file', input: {} }]),
      toolResults('r', [{ id: 'x', tool: 'read_file', output: 'ok' }]),
      user('u2', 'two'),
      assistant('a', 'done'),
    ];
    expect(findWindowStart(withResult, 0, withResult.length, 1)).toEqual({ start: 2, realTurns: 1 });
    expect(findWindowStart(withResult, 0, withResult.length, 2)).toEqual({ start: 0, realTurns: 2 });
  });

  it('respects the lower bound', () => {
    expect(findWindowStart(messages, 3, messages.length, 5)).toEqual({ start: 3, realTurns: 2 });
  });
});
