import { describe, expect, it } from 'vitest';
import { convertWith, jsonl } from '../testing/jsonl-records';
import { claudeCodeFormat } from './claude-code';

const side = { sessionId: 's1', cwd: '/work', version: '2.1.39', userType: 'external', isSidechain: true, agentId: 'a1' };

const convert = (text: string) => convertWith(claudeCodeFormat, text);

type Part = { type: string; toolCallId?: string };
const partsOf = (content: unknown): Part[] => (Array.isArray(content) ? (content as Part[]) : []);

function shape(messages: readonly { id: string; message: { role: string; content: unknown } }[]) {
  return messages.map(({ id, message }) => [id, message.role, partsOf(message.content).flatMap((part) => part.toolCallId ?? [])]);
}

const say = (uuid: string, parentUuid: string, messageId: string, block: object) => ({
  ...side,
  type: 'assistant',
  uuid,
  parentUuid,
  message: { id: messageId, role: 'assistant', content: [block] },
});
const call = (uuid: string, parentUuid: string, id: string, messageId = 'm1') =>
  say(uuid, parentUuid, messageId, { type: 'tool_use', id, name: 'Read', input: {} });
const result = (uuid: string, parentUuid: string, id: string) => ({
  ...side,
  type: 'user',
  uuid,
  parentUuid,
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: id.toUpperCase() }] },
});
const progress = (uuid: string, parentUuid: string | null, id: string) => ({
  ...side,
  type: 'progress',
  uuid,
  parentUuid,
  data: { type: 'hook_progress', hookEvent: 'PostToolUse' },
  toolUseID: id,
  parentToolUseID: id,
});

describe('Claude Code 2.1 parallel tool calls', () => {
  // Written the way Claude Code 2.1 writes a subagent's file: each call line hangs off the line
  // before it (the third off a progress line), each result off its own call.
  const SUBAGENT = jsonl([
    { ...side, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Read a, b and c.' } },
    call('a1', 'u1', 't1'),
    call('a2', 'a1', 't2'),
    progress('p1', 'a2', 't1'),
    call('a3', 'p1', 't3'),
    result('r1', 'a1', 't1'),
    result('r3', 'a3', 't3'),
    result('r2', 'a2', 't2'),
    {
      ...side,
      type: 'assistant',
      uuid: 'a4',
      parentUuid: 'r2',
      message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Read all three.' }], stop_reason: 'end_turn' },
    },
  ]);

  it('takes in every call of a message and every result, in a subagent’s own file too', async () => {
    const { transcript } = await convert(SUBAGENT);
    expect(shape(transcript.messages)).toEqual([
      ['u1', 'user', []],
      ['m1', 'assistant', ['t1', 't2', 't3']],
      ['r1', 'tool', ['t1', 't3', 't2']],
      ['m2', 'assistant', []],
    ]);
  });

  it('says what it took in and why, and never calls a subagent’s own lines a kept-apart sidechain', async () => {
    const { entries } = await convert(SUBAGENT);
    const reasons = entries.map((entry) => [entry.action, entry.reason, entry.lines]);
    expect(reasons).toContainEqual([
      'guessed',
      'tool_result line on a branch of its own (a parallel tool call’s result): taken in, since it answers a call on the chain',
      [6, 7],
    ]);
    expect(reasons).toContainEqual(['dropped', 'progress: carries no conversation', [4]]);
    expect(entries.filter((entry) => entry.action === 'kept-apart')).toEqual([]);
    expect(entries.filter((entry) => entry.reason.includes('abandoned branch'))).toEqual([]);
  });

  it('takes an assistant line of a chain message that hangs off a result, and the first answer to each call only', async () => {
    const text = jsonl([
      { ...side, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Go.' } },
      call('a1', 'u1', 't1'),
      call('a2', 'a1', 't2'),
      result('r1', 'a1', 't1'),
      call('a3', 'r1', 't3'),
      result('r2', 'a2', 't2'),
      result('r2-again', 'a2', 't2'),
      result('r3', 'a3', 't3'),
    ]);
    const { transcript, entries } = await convert(text);
    expect(shape(transcript.messages)).toEqual([
      ['u1', 'user', []],
      ['m1', 'assistant', ['t1', 't2', 't3']],
      ['r1', 'tool', ['t1', 't2', 't3']],
    ]);
    expect(entries.map((entry) => [entry.reason, entry.lines])).toContainEqual([
      'assistant line of a message on the chain, written on a branch of its own (a parallel tool call): taken into that message',
      [3],
    ]);
    expect(entries.map((entry) => [entry.reason, entry.lines])).toContainEqual([
      'not on the current conversation chain (an abandoned branch after an edit, retry or rewind)',
      [7],
    ]);
  });

  it('reads a system line after the newest chat line as bookkeeping, and a line whose parent is elsewhere as such', async () => {
    const main = { ...side, isSidechain: false };
    const text = jsonl([
      { ...main, type: 'user', uuid: 'm0', parentUuid: 'outside', isMeta: true, message: { role: 'user', content: '<system-reminder>hook</system-reminder>' } },
      { ...main, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Hello' } },
      { ...main, type: 'system', subtype: 'local_command', uuid: 's1', parentUuid: 'u1', content: '<local-command-stdout></local-command-stdout>' },
    ]);
    const { entries } = await convert(text);
    expect(entries.map((entry) => [entry.action, entry.reason, entry.lines])).toEqual(
      expect.arrayContaining([
        ['dropped', 'not on the conversation chain: its parentUuid names a line that is not in this file (a conversation continued elsewhere)', [1]],
        ['dropped', 'system/local_command: carries no conversation', [3]],
      ]),
    );
  });

  it('keeps an agent_progress line apart as the subagent’s, not as a line with no conversation', async () => {
    const main = { ...side, isSidechain: false };
    const text = jsonl([
      { ...main, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Explore.' } },
      { ...main, type: 'progress', uuid: 'p1', parentUuid: 'u1', data: { type: 'agent_progress', agentId: 'a1', message: { type: 'user' } } },
    ]);
    const { entries } = await convert(text);
    expect(entries.map((entry) => [entry.action, entry.reason, entry.lines])).toContainEqual([
      'kept-apart',
      'progress/agent_progress: a subagent’s message as the interface showed it, kept apart from the parent',
      [2],
    ]);
  });

  /*
   * The shapes of Claude Code 2.1 subagent and session files (as marot/spotter's captures have them;
   * the real-data suite checks the captures themselves), one case each. The expected numbers are
   * counted over the lines, not by the importer: `tool_use` blocks in assistant lines, `tool_result`
   * blocks in user lines, and distinct assistant `message.id`s.
   */
  const prompt = (uuid: string, text: string) => ({ ...side, type: 'user', uuid, parentUuid: null, message: { role: 'user', content: text } });
  const text = (value: string) => ({ type: 'text', text: value });
  const inMain = (line: object) => ({ ...line, isSidechain: false });
  describe.each([
    {
      shape: 'two batches, the second’s later call streamed after the first results',
      subagent: true,
      lines: [
        prompt('u1', 'Look up three packages, then fetch their pages.'),
        say('a0', 'u1', 'm1', text('Searching.')),
        call('c1', 'a0', 't1'),
        call('c2', 'c1', 't2'),
        call('c3', 'c2', 't3'),
        progress('p1', 'c3', 't3'),
        result('r1', 'c1', 't1'),
        progress('p2', 'r1', 't1'),
        result('r3', 'c3', 't3'),
        result('r2', 'c2', 't2'),
        say('a4', 'r2', 'm2', text('Fetching the pages.')),
        call('c4', 'a4', 't4', 'm2'),
        call('c5', 'c4', 't5', 'm2'),
        progress('p3', 'c5', 't5'),
        result('r4', 'c4', 't4'),
        call('c6', 'r4', 't6', 'm2'),
        result('r5', 'c5', 't5'),
        result('r6', 'c6', 't6'),
        say('a7', 'r6', 'm3', text('All six done.')),
      ],
      calls: 6,
      results: 6,
      assistantMessages: 3,
    },
    {
      shape: 'one message whose later calls hang off results, the results interleaved',
      subagent: true,
      lines: [
        prompt('u1', 'Summarise four files.'),
        say('a0', 'u1', 'm1', text('Reading them.')),
        call('c1', 'a0', 't1'),
        call('c2', 'c1', 't2'),
        progress('p1', 'c2', 't2'),
        result('r1', 'c1', 't1'),
        call('c3', 'r1', 't3'),
        result('r2', 'c2', 't2'),
        call('c4', 'c3', 't4'),
        result('r3', 'c3', 't3'),
        result('r4', 'c4', 't4'),
      ],
      calls: 4,
      results: 4,
      assistantMessages: 1,
    },
    {
      shape: 'a call that hangs off a progress line, over two messages',
      subagent: true,
      lines: [
        prompt('u1', 'Check how the panes are listed.'),
        say('a0', 'u1', 'm1', text('Looking.')),
        call('c1', 'a0', 't1'),
        progress('p1', 'c1', 't1'),
        result('r1', 'c1', 't1'),
        call('c2', 'r1', 't2'),
        call('c3', 'c2', 't3'),
        result('r2', 'c2', 't2'),
        result('r3', 'c3', 't3'),
        say('a1', 'r3', 'm2', text('Now the tests.')),
        call('c4', 'a1', 't4', 'm2'),
        progress('p2', 'c4', 't4'),
        progress('p3', 'p2', 't4'),
        call('c5', 'p3', 't5', 'm2'),
        progress('p4', 'c5', 't5'),
        result('r5', 'c5', 't5'),
        result('r4', 'c4', 't4'),
      ],
      calls: 5,
      results: 5,
      assistantMessages: 2,
    },
    {
      shape: 'calls alternating with their results on one chain',
      subagent: true,
      lines: [
        prompt('u1', 'Explore the module.'),
        say('a0', 'u1', 'm1', text('Exploring.')),
        call('c1', 'a0', 't1'),
        progress('p1', 'c1', 't1'),
        progress('p2', 'p1', 't1'),
        result('r1', 'c1', 't1'),
        call('c2', 'r1', 't2'),
        progress('p3', 'c2', 't2'),
        result('r2', 'c2', 't2'),
        call('c3', 'r2', 't3'),
        result('r3', 'c3', 't3'),
      ],
      calls: 3,
      results: 3,
      assistantMessages: 1,
    },
    {
      shape: 'a main session cut while its second message’s two calls are in flight',
      subagent: false,
      lines: [
        { type: 'file-history-snapshot', messageId: 'u1', snapshot: {}, isSnapshotUpdate: false },
        inMain(progress('p0', null, 'hook')),
        inMain(progress('p1', 'p0', 'hook')),
        inMain({ ...prompt('u1', 'Implement the feature.'), parentUuid: 'p1' }),
        inMain(say('a0', 'u1', 'm1', text('Starting.'))),
        inMain(say('a1', 'a0', 'm1', { type: 'thinking', thinking: '', signature: 'c2ln' })),
        inMain(call('c1', 'a1', 't1')),
        inMain(progress('p2', 'c1', 't1')),
        inMain(progress('p3', 'p2', 't1')),
        inMain(call('c2', 'p3', 't2')),
        inMain(call('c3', 'c2', 't3')),
        inMain(progress('p4', 'c3', 't3')),
        inMain(result('r1', 'c1', 't1')),
        inMain(progress('p5', 'r1', 't1')),
        inMain(result('r2', 'c2', 't2')),
        inMain(result('r3', 'c3', 't3')),
        inMain(call('c4', 'r3', 't4', 'm2')),
        inMain(progress('p6', 'c4', 't4')),
        inMain(call('c5', 'p6', 't5', 'm2')),
        inMain(progress('p7', 'c5', 't5')),
      ],
      calls: 5,
      results: 3,
      assistantMessages: 2,
    },
  ])('$shape', ({ lines, subagent, calls, results, assistantMessages }) => {
    const imported = convert(jsonl(lines));

    it(`keeps all ${calls} calls and ${results} results, one assistant message per message.id`, async () => {
      const { transcript } = await imported;
      const parts = transcript.messages.flatMap((entry) => partsOf(entry.message.content));
      expect(parts.filter((part) => part.type === 'tool-call')).toHaveLength(calls);
      expect(parts.filter((part) => part.type === 'tool-result')).toHaveLength(results);
      expect(transcript.messages.filter((entry) => entry.message.role === 'assistant')).toHaveLength(assistantMessages);
    });

    it('reports no line as a kept-apart sidechain or an abandoned branch', async () => {
      const { entries } = await imported;
      const untrue = entries.filter(
        (entry) => entry.reason.includes('abandoned branch') || (subagent && entry.action === 'kept-apart') || entry.reason.includes('never answered'),
      );
      expect(untrue).toEqual([]);
    });
  });
});
