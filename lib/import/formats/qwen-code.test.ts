import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { FidelityLog } from '../fidelity-report';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { jsonl } from '../testing/jsonl-records';
import { ownFixture } from '../testing/own-fixtures';
import { qwenCodeFormat } from './qwen-code';

const base = { sessionId: 'q-1', timestamp: '2026-06-15T14:40:22.832Z', cwd: '/tmp/q', version: '0.18.1' };
const user = (uuid: string, parentUuid: string | null, text: string, extra: object = {}) => ({
  ...base,
  uuid,
  parentUuid,
  type: 'user',
  message: { role: 'user', parts: [{ text }] },
  ...extra,
});
const model = (uuid: string, parentUuid: string, parts: object[], extra: object = {}) => ({
  ...base,
  uuid,
  parentUuid,
  type: 'assistant',
  model: 'coder-model',
  message: { role: 'model', parts },
  ...extra,
});
const system = (uuid: string, parentUuid: string | null, subtype: string, systemPayload: object) => ({
  ...base,
  uuid,
  parentUuid,
  type: 'system',
  subtype,
  systemPayload,
});
const toolResult = (uuid: string, parentUuid: string, id: string, name: string, response: object, status: string) => ({
  ...base,
  uuid,
  parentUuid,
  type: 'tool_result',
  message: { role: 'user', parts: [{ functionResponse: { id, name, response } }] },
  toolCallResult: { callId: id, status },
});

/** A session written from the public description: a rewound branch, a sidechain and bookkeeping. */
const SESSION = jsonl([
  user('u1', null, 'List the files here.'),
  system('s1', 'u1', 'ui_telemetry', { uiEvent: { 'event.name': 'qwen-code.api_response' } }),
  model(
    'a1',
    's1',
    [
      { text: 'Checking the directory.', thought: true },
      { text: 'Listing.' },
      { functionCall: { id: 'call_1', name: 'list_directory', args: { path: '/tmp' } } },
    ],
    { usageMetadata: { promptTokenCount: 500 } },
  ),
  toolResult('t1', 'a1', 'call_1', 'list_directory', { output: 'a.txt' }, 'success'),
  model('a2', 't1', [{ text: 'There is a.txt.' }]),
  user('u2', 'a2', 'Delete it'),
  model('a3', 'u2', [{ text: 'Deleting.' }]),
  user('u3', 'a2', 'Read it instead'),
  model('x1', 'u3', [{ text: 'Subagent work.' }], { isSidechain: true }),
  model('a4', 'u3', [{ functionCall: { id: 'call_2', name: 'read_file', args: { path: '/tmp/a.txt' } } }]),
  toolResult('t2', 'a4', 'call_2', 'read_file', { error: 'EACCES' }, 'error'),
  system('s2', 't2', 'custom_title', { customTitle: 'Files' }),
  model('a5', 's2', [{ text: 'I cannot read it.' }]),
]);

const REMINDER = '<system-reminder>\nEnv: linux\n</system-reminder>';
/** A fork's transcript as Qwen Code writes it: the inherited history, the launch seed, the launch prompt. */
const FORK = jsonl([
  system('sys1', null, 'agent_bootstrap', {
    kind: 'fork',
    history: [
      { role: 'user', parts: [{ text: REMINDER }] },
      { role: 'user', parts: [{ text: 'Fix the bug' }] },
      { role: 'model', parts: [{ text: 'Looking.' }, { functionCall: { id: 'c1', name: 'read_file', args: { path: 'a.ts' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'code' } } }] },
    ],
    systemInstruction: { role: 'system', parts: [{ text: 'You are Qwen Code.' }] },
    tools: [{ name: 'read_file', description: 'Read a file', parametersJsonSchema: { type: 'object' } }, 'glob'],
  }),
  user('u1', 'sys1', 'Write the tests'),
  system('sys2', 'u1', 'agent_launch_prompt', { displayText: 'You are a forked worker.\n\nWrite the tests' }),
  { ...model('a1', 'sys2', [{ text: 'Writing tests.' }]), model: undefined },
]);

const origin = (line: number, extra: object = {}) => ({ origin: { format: 'qwen-code', line, ...extra } });
const text = (value: string) => [{ type: 'text', text: value }];
const entry = (action: string, reason: string, lines: number[]) => ({ action, reason, lines, fields: [], count: Math.max(lines.length, 1) });

describe('qwenCodeFormat', () => {
  it('detects Qwen Code records (parts, tool_result, its system subtypes) and not Claude Code', async () => {
    const log = new FidelityLog();
    const score = async (input: string) => qwenCodeFormat.detect(await readImportSource(input, log));
    expect(await score(SESSION)).toBe(1);
    expect(await score(FORK)).toBe(1);
    expect(await score(ownFixture('qwen-code/error-tool-result.jsonl'))).toBe(1);
    const claudeLine = jsonl([{ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'hi' } }]);
    expect(await score(claudeLine)).toBe(0);
    expect(await score(ownFixture('claude-code/task-subagent-sidechain.jsonl'))).toBe(0);
    expect(await score(ownFixture('claude-code/odd-line-types.jsonl'))).toBe(0);
    expect(await score('{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}')).toBe(0);
    expect(await score(ownFixture('codex/compaction-without-replacement-history.jsonl'))).toBe(0);
  });

  it('follows the chain from the newest record and maps each record kind', async () => {
    const { transcript, title } = await importTranscript(SESSION, { format: 'qwen-code' });
    expect(transcript.messages).toEqual([
      { id: 'u1', message: { role: 'user', content: text('List the files here.') }, meta: origin(1) },
      {
        id: 'a1',
        message: {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Checking the directory.' },
            { type: 'text', text: 'Listing.' },
            { type: 'tool-call', toolCallId: 'call_1', toolName: 'list_directory', input: { path: '/tmp' } },
          ],
        },
        meta: origin(3),
      },
      {
        id: 't1',
        message: {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'list_directory', output: { type: 'json', value: { output: 'a.txt' } } }],
        },
        meta: origin(4),
      },
      { id: 'a2', message: { role: 'assistant', content: text('There is a.txt.') }, meta: { ...origin(5), turnEnd: 'completed' } },
      { id: 'u3', message: { role: 'user', content: text('Read it instead') }, meta: origin(8) },
      {
        id: 'a4',
        message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_2', toolName: 'read_file', input: { path: '/tmp/a.txt' } }] },
        meta: origin(10),
      },
      {
        id: 't2',
        message: {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'call_2', toolName: 'read_file', output: { type: 'error-json', value: { error: 'EACCES' } } }],
        },
        meta: origin(11),
      },
      { id: 'a5', message: { role: 'assistant', content: text('I cannot read it.') }, meta: origin(13) },
    ]);
    expect(title).toBe('Files');
    expect(transcript.profile).toMatchObject({ agentId: 'q-1', model: 'coder-model', systemInstruction: '', tools: [] });
    expect(classifyMessages(transcript.messages).map((item) => item.kind)).toEqual([
      'real-user-turn',
      'tool-call',
      'tool-result',
      'assistant',
      'real-user-turn',
      'tool-call',
      'tool-result',
      'assistant',
    ]);
  });

  it('reports the rewound branch, the sidechain and the bookkeeping with their lines', async () => {
    const { report } = await importTranscript(SESSION, { format: 'qwen-code' });
    expect(report.entries).toEqual([
      entry('dropped', "system/ui_telemetry: Qwen Code's own bookkeeping, never sent to the model", [2]),
      entry('dropped', 'not on the active branch (rewound or abandoned): the model did not continue from it', [6, 7]),
      entry('kept-apart', "subagent (isSidechain) records: a subagent's own conversation, not the parent's", [9]),
      entry('dropped', "system/custom_title: Qwen Code's own bookkeeping, never sent to the model", [12]),
      entry('dropped', 'token usage (usageMetadata): usage, not conversation', [3]),
      entry('dropped', 'toolCallResult: the display copy of the result, shown to the person (the model got the functionResponse)', [4, 11]),
      entry('not-stored', 'system prompt: not stored in this format (Qwen Code session (JSONL)); the child gets none', []),
      entry('not-stored', 'tool schemas: not stored in this format (Qwen Code session (JSONL)); the child is declared no tools', []),
    ]);
  });

  it("starts a fork's transcript with its agent_bootstrap history and the launch prompt the fork received", async () => {
    const { transcript, report } = await importTranscript(FORK, { format: 'qwen-code' });
    const inherited = { note: 'inherited by the fork (agent_bootstrap)' };
    expect(transcript.messages).toEqual([
      { id: 'sys1-history-0', message: { role: 'user', content: text(REMINDER) }, meta: origin(1, inherited) },
      { id: 'sys1-history-1', message: { role: 'user', content: text('Fix the bug') }, meta: origin(1, inherited) },
      {
        id: 'sys1-history-2',
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Looking.' },
            { type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'a.ts' } },
          ],
        },
        meta: origin(1, inherited),
      },
      {
        id: 'sys1-history-3',
        message: {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read_file', output: { type: 'json', value: { output: 'code' } } }],
        },
        meta: { ...origin(1, inherited), turnEnd: 'completed' },
      },
      {
        id: 'sys2',
        message: { role: 'user', content: text('You are a forked worker.\n\nWrite the tests') },
        meta: origin(3, { note: 'fork launch prompt' }),
      },
      { id: 'a1', message: { role: 'assistant', content: text('Writing tests.') }, meta: origin(4) },
    ]);
    expect(classifyMessages(transcript.messages).map((item) => item.kind)).toEqual([
      'startup-context',
      'real-user-turn',
      'tool-call',
      'tool-result',
      'real-user-turn',
      'assistant',
    ]);
    // The agent runs inside a fork: a fork it asks for is refused by where it runs.
    expect(transcript.profile).toMatchObject({
      depth: 1,
      forkChild: true,
      systemInstruction: 'You are Qwen Code.',
      tools: [{ name: 'read_file', description: 'Read a file', inputSchema: { type: 'object' } }, { name: 'glob' }],
    });
    expect(report.entries).toEqual([
      entry('flagged', "agent_bootstrap: this is a fork's transcript; the history it inherited from its parent starts it", [1]),
      entry('merged', 'fork launch seed (the task as given) replaced by the agent_launch_prompt text the fork received', [2]),
      entry('not-stored', 'model: not recorded; the child runs on the model picked in Fork Lab', []),
    ]);
  });

  it('imports a session whose tool call fails, between telemetry records', async () => {
    const { transcript, report } = await importTranscript(ownFixture('qwen-code/error-tool-result.jsonl'), { format: 'qwen-code' });
    expect(report.counts).toMatchObject({ sourceRecords: 8, messages: 4, realUserTurns: 1, toolCalls: 1, toolResults: 1 });
    expect(transcript.messages[2]?.message.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'read_file',
        output: { type: 'error-json', value: { error: 'File path must be absolute: config.yaml' } },
      },
    ]);
    expect(report.entries).toEqual([
      entry('dropped', "system/attribution_snapshot: Qwen Code's own bookkeeping, never sent to the model", [2]),
      entry('dropped', "system/ui_telemetry: Qwen Code's own bookkeeping, never sent to the model", [3, 5, 7]),
      entry('dropped', 'token usage (usageMetadata): usage, not conversation', [4, 8]),
      entry('dropped', 'toolCallResult: the display copy of the result, shown to the person (the model got the functionResponse)', [6]),
      entry('not-stored', 'system prompt: not stored in this format (Qwen Code session (JSONL)); the child gets none', []),
      entry('not-stored', 'tool schemas: not stored in this format (Qwen Code session (JSONL)); the child is declared no tools', []),
    ]);
  });

  it('ends the parent at its newest main-chain record even when a subagent wrote after it', async () => {
    const session = jsonl([
      user('u1', null, 'Explore the repo'),
      model('a1', 'u1', [{ text: 'Spawning an explorer.' }]),
      { ...user('x1', 'a1', 'Explore src/'), isSidechain: true },
      model('x2', 'x1', [{ text: 'src/ has 3 files.' }], { isSidechain: true }),
    ]);
    const { transcript, report } = await importTranscript(session, { format: 'qwen-code' });
    expect(transcript.messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    expect(report.entries[0]).toEqual(entry('kept-apart', "subagent (isSidechain) records: a subagent's own conversation, not the parent's", [3, 4]));
  });

  it('replaces the history with the compressedHistory of a chat_compression record', async () => {
    const session = jsonl([
      user('u1', null, 'Step one'),
      model('a1', 'u1', [{ text: 'Done one.' }]),
      system('c1', 'a1', 'chat_compression', {
        info: { originalTokenCount: 900, newTokenCount: 90 },
        compressedHistory: [
          { role: 'user', parts: [{ text: '<state_snapshot>\n<overall_goal>Ship</overall_goal>\n</state_snapshot>' }] },
          { role: 'model', parts: [{ text: 'Got it. Thanks for the additional context!' }] },
        ],
      }),
      user('u2', 'c1', 'Step two'),
      model('a2', 'u2', [{ text: 'Done two.' }]),
    ]);
    const { transcript, report } = await importTranscript(session, { format: 'qwen-code' });
    expect(transcript.messages.map(({ id, meta }) => [id, meta?.origin])).toEqual([
      ['c1-history-0', { format: 'qwen-code', line: 3, compactionSummary: true }],
      ['c1-history-1', { format: 'qwen-code', line: 3 }],
      ['u2', { format: 'qwen-code', line: 4 }],
      ['a2', { format: 'qwen-code', line: 5 }],
    ]);
    expect(classifyMessages(transcript.messages).map((item) => item.kind)).toEqual([
      'compaction-summary',
      'compaction-acknowledgement',
      'real-user-turn',
      'assistant',
    ]);
    expect(report.entries.map(({ action, reason, lines }) => [action, reason, lines])).toEqual([
      ['dropped', "lines 1–2: replaced by the chat_compression's compressedHistory (the model no longer saw them)", [3]],
      ['not-stored', 'system prompt: not stored in this format (Qwen Code session (JSONL)); the child gets none', []],
      ['not-stored', 'tool schemas: not stored in this format (Qwen Code session (JSONL)); the child is declared no tools', []],
    ]);
  });

  it('stops at a parentUuid cycle instead of looping', async () => {
    const cyclic = jsonl([user('u1', 'a1', 'Hello'), model('a1', 'u1', [{ text: 'Hi.' }])]);
    const { transcript, report } = await importTranscript(cyclic, { format: 'qwen-code' });
    expect(transcript.messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    expect(report.entries[0]).toEqual(entry('flagged', 'parentUuid cycle: the chain is read up to the record that closes it', [2]));
  });

  it('joins records that share a uuid into one record, parts in file order, as Qwen Code reads fragments back', async () => {
    // Upstream `prepareTranscriptRecords` groups records by uuid and `aggregateTranscriptRecordFragments`
    // joins their parts; here a streamed reply was written as its thought, then its answer and call.
    const fragments = jsonl([
      user('u1', null, 'Read a.txt'),
      model('a1', 'u1', [{ text: 'The user wants a.txt.', thought: true }]),
      model('a1', 'u1', [{ text: 'Reading.' }, { functionCall: { id: 'call_1', name: 'read_file', args: { path: 'a.txt' } } }], {
        usageMetadata: { promptTokenCount: 9 },
      }),
      toolResult('t1', 'a1', 'call_1', 'read_file', { output: 'hello' }, 'success'),
      model('a2', 't1', [{ text: 'Thinking about hello.', thought: true }]),
      model('a2', 'u1', [{ text: 'It says hello.' }]),
    ]);
    const { transcript, report } = await importTranscript(fragments, { format: 'qwen-code' });
    expect(transcript.messages.map((message) => [message.id, message.message.content])).toEqual([
      ['u1', text('Read a.txt')],
      [
        'a1',
        [
          { type: 'reasoning', text: 'The user wants a.txt.' },
          { type: 'text', text: 'Reading.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: { path: 'a.txt' } },
        ],
      ],
      ['t1', [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'read_file', output: { type: 'json', value: { output: 'hello' } } }]],
      [
        'a2',
        [
          { type: 'reasoning', text: 'Thinking about hello.' },
          { type: 'text', text: 'It says hello.' },
        ],
      ],
    ]);
    expect(report.entries).toContainEqual(
      entry(
        'merged',
        'record sharing an earlier record’s uuid: a fragment of that record, its parts joined after the earlier ones (as Qwen Code reads it back)',
        [3, 6],
      ),
    );
    expect(report.entries).toContainEqual(
      entry('flagged', 'fragments of one uuid name different parents: the first fragment’s parentUuid places the record, as in Qwen Code', [6]),
    );
    expect(report.entries.filter((finding) => finding.action === 'dropped' && finding.lines.some((line) => [2, 3, 5, 6].includes(line)))).toEqual([
      entry('dropped', 'token usage (usageMetadata): usage, not conversation', [2]),
    ]);
  });

  it('names the line of a record it cannot read', async () => {
    await expect(importTranscript(jsonl([user('u1', null, 'hi')]).concat('"text"\n'), { format: 'qwen-code' })).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'Line 2: expected a Qwen Code record (an object), found "text".',
      location: { line: 2 },
    });
    const noParts = jsonl([user('u1', null, 'hi'), { ...base, uuid: 'a1', parentUuid: 'u1', type: 'assistant', message: { role: 'model', content: 'x' } }]);
    await expect(importTranscript(noParts, { format: 'qwen-code' })).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'Line 2: the assistant record has no message with a parts list.',
    });
    const claude = jsonl([{ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'hi' } }]);
    await expect(importTranscript(claude, { format: 'qwen-code' })).rejects.toMatchObject({ code: 'format-mismatch' });
  });

  it("imports a subagent's own transcript, where every record is a sidechain, as its conversation", async () => {
    const text = [{ ...user('x1', null, 'Explore src/'), isSidechain: true }, model('x2', 'x1', [{ text: 'src/ has 3 files.' }], { isSidechain: true })]
      .map((record) => JSON.stringify(record))
      .join('\n');
    const { transcript, report } = await importTranscript(text, { format: 'qwen-code' });
    expect(transcript.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant']);
    expect(report.entries.map((entry) => entry.action)).not.toContain('kept-apart');
    expect(report.entries[0]!.reason).toBe("every record is a subagent's (isSidechain): imported as the subagent's own session");
  });
});
