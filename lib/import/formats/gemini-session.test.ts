import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { FidelityLog } from '../fidelity-report';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { jsonl } from '../testing/jsonl-records';
import { ownFixture } from '../testing/own-fixtures';
import { geminiSessionFormat } from './gemini-session';

const header = { sessionId: 's-1', projectHash: 'abc123', startTime: '2026-05-07T18:28:01Z', lastUpdated: '2026-05-07T18:28:01Z', kind: 'main' };
const tokens = { input: 10, output: 2, cached: 0, thoughts: 1, tool: 0, total: 13 };
const listing = {
  id: 'g1',
  type: 'gemini',
  content: 'Listing.',
  thoughts: [{ subject: 'Plan', description: 'Use ls.', timestamp: 't' }],
  tokens,
  model: 'gemini-2.5-pro',
};

/** A JSONL session written from the public description: header, messages, rewrites, $set, $rewindTo. */
const SESSION = jsonl([
  header,
  { id: 'u1', type: 'user', content: [{ text: '<session_context>\nOS: linux\n</session_context>' }] },
  { id: 'u2', type: 'user', content: 'List the files' },
  { $set: { lastUpdated: '2026-05-07T18:28:02Z' } },
  listing,
  {
    ...listing,
    toolCalls: [
      {
        id: 'ls-1',
        name: 'list_directory',
        args: { path: '.' },
        status: 'success',
        result: [{ functionResponse: { id: 'ls-1', name: 'list_directory', response: { output: 'a.txt' } } }],
        resultDisplay: 'a.txt',
      },
      {
        id: 'rf-1',
        name: 'read_file',
        args: { path: 'b' },
        status: 'error',
        result: [{ functionResponse: { id: 'rf-1', name: 'read_file', response: { error: 'not found' } } }],
      },
    ],
  },
  { id: 'i1', type: 'info', content: 'Request cancelled.' },
  { id: 'u3', type: 'user', content: '/stats' },
  { id: 'g2', type: 'gemini', content: 'a.txt exists; b is missing.', model: 'gemini-2.5-flash' },
  { id: 'u4', type: 'user', content: 'Oops, undo that' },
  { id: 'g3', type: 'gemini', content: 'Undoing.' },
  { $rewindTo: 'u4' },
  { id: 'u5', type: 'user', content: 'Now write notes.md' },
  { id: 'g4', type: 'gemini', content: '', toolCalls: [{ id: 'wf-1', name: 'write_file', args: { file_path: 'notes.md' }, status: 'executing' }] },
  { $set: { summary: 'Listing files' } },
]);

const origin = (line: number, extra: object = {}) => ({ origin: { format: 'gemini-session', line, ...extra } });
const entry = (action: string, reason: string, lines: number[], fields: string[] = []) => ({
  action,
  reason,
  lines,
  fields,
  count: Math.max(lines.length, fields.length, 1),
});

describe('geminiSessionFormat', () => {
  it('detects the header line, $set lines and the legacy JSON, and nothing else', async () => {
    const log = new FidelityLog();
    const score = async (input: string) => geminiSessionFormat.detect(await readImportSource(input, log));
    expect(await score(SESSION)).toBe(1);
    expect(await score(ownFixture('gemini-session/tool-calls-rewritten.jsonl'))).toBe(1);
    expect(await score(ownFixture('gemini-session/legacy-single-json.json'))).toBe(1);
    expect(await score(jsonl([{ id: 'a', type: 'user', content: 'hi' }, { $set: { lastUpdated: 'x' } }]))).toBe(1);
    const claudeLine = jsonl([{ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'hi' } }]);
    expect(await score(claudeLine)).toBe(0);
    expect(await score('{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}')).toBe(0);
    expect(await score(ownFixture('qwen-code/error-tool-result.jsonl'))).toBe(0);
    expect(await score(ownFixture('gemini-checkpoint/eval-scenario-history.json'))).toBe(0);
  });

  it('replays the log and maps each message kind to what Gemini CLI sends the model', async () => {
    const { transcript, title } = await importTranscript(SESSION, { format: 'gemini-session' });
    expect(transcript.messages).toEqual([
      {
        id: 'u1',
        message: { role: 'user', content: [{ type: 'text', text: '<session_context>\nOS: linux\n</session_context>' }] },
        meta: origin(2, { meta: true, note: 'startup context' }),
      },
      { id: 'u2', message: { role: 'user', content: [{ type: 'text', text: 'List the files' }] }, meta: origin(3) },
      {
        id: 'g1',
        message: {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: '**Plan** Use ls.' },
            { type: 'text', text: 'Listing.' },
            { type: 'tool-call', toolCallId: 'ls-1', toolName: 'list_directory', input: { path: '.' } },
            { type: 'tool-call', toolCallId: 'rf-1', toolName: 'read_file', input: { path: 'b' } },
          ],
        },
        meta: origin(6),
      },
      {
        id: 'g1_response',
        message: {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'ls-1', toolName: 'list_directory', output: { type: 'json', value: { output: 'a.txt' } } },
            { type: 'tool-result', toolCallId: 'rf-1', toolName: 'read_file', output: { type: 'error-json', value: { error: 'not found' } } },
          ],
        },
        meta: origin(6),
      },
      {
        id: 'g2',
        message: { role: 'assistant', content: [{ type: 'text', text: 'a.txt exists; b is missing.' }] },
        meta: { ...origin(9), turnEnd: 'completed' },
      },
      { id: 'u5', message: { role: 'user', content: [{ type: 'text', text: 'Now write notes.md' }] }, meta: origin(13) },
      {
        id: 'g4',
        message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'wf-1', toolName: 'write_file', input: { file_path: 'notes.md' } }] },
        meta: origin(14),
      },
    ]);
    expect(title).toBe('Listing files');
    expect(transcript.profile).toMatchObject({ agentId: 's-1', model: 'gemini-2.5-flash', systemInstruction: '', tools: [] });
    expect(classifyMessages(transcript.messages).map((item) => item.kind)).toEqual([
      'other',
      'real-user-turn',
      'tool-call',
      'tool-result',
      'assistant',
      'real-user-turn',
      'tool-call',
    ]);
  });

  it('reports rewrites, rewinds and what only the person saw, with their lines', async () => {
    const { report } = await importTranscript(SESSION, { format: 'gemini-session' });
    expect(report.entries).toEqual([
      entry(
        'merged',
        'superseded by a later record with the same id: Gemini CLI writes a whole message again when its tool calls, results or tokens change; the latest version is kept',
        [5],
      ),
      entry('dropped', 'removed by /rewind ($rewindTo): the conversation went back to before this message', [10, 11]),
      entry('dropped', 'token counts (tokens): usage, not conversation', [6]),
      entry('dropped', 'tool call display fields (resultDisplay, displayName, description): shown to the person, not sent to the model', [6]),
      entry('dropped', 'info message: shown to the person, not sent to the model', [7]),
      entry('dropped', 'slash command or ? help typed by the person: handled by Gemini CLI, not sent to the model', [8]),
      entry('not-stored', 'system prompt: not stored in this format (Gemini CLI session (JSON or JSONL)); the child gets none', []),
      entry('not-stored', 'tool schemas: not stored in this format (Gemini CLI session (JSON or JSONL)); the child is declared no tools', []),
      entry('flagged', 'tool call "wf-1" (write_file) has no result: it was in flight when the session was saved, and a fork treats it as the open call', [14]),
    ]);
  });

  it('applies $set.messages as the new history and marks a <state_snapshot> as the compaction summary', async () => {
    const session = jsonl([
      header,
      { id: 'a', type: 'user', content: 'Step one' },
      { id: 'b', type: 'gemini', content: 'Done one.' },
      {
        $set: {
          messages: [
            { id: 's1', type: 'user', content: [{ text: '<state_snapshot>\n<overall_goal>Ship</overall_goal>\n</state_snapshot>' }] },
            { id: 's2', type: 'gemini', content: [{ text: 'Got it. Thanks for the additional context!' }] },
          ],
          lastUpdated: '2026-05-07T18:29:00Z',
        },
      },
      { id: 'c', type: 'user', content: 'Step two' },
    ]);
    const { transcript, report } = await importTranscript(session, { format: 'gemini-session' });
    expect(transcript.messages.map(({ id, meta }) => [id, meta?.origin])).toEqual([
      ['s1', { format: 'gemini-session', line: 4, compactionSummary: true }],
      ['s2', { format: 'gemini-session', line: 4 }],
      ['c', { format: 'gemini-session', line: 5 }],
    ]);
    expect(classifyMessages(transcript.messages).map((item) => item.kind)).toEqual(['compaction-summary', 'compaction-acknowledgement', 'real-user-turn']);
    expect(report.entries.slice(0, 2)).toEqual([
      entry('flagged', '$set.messages replaced the message list: Gemini CLI rewrote the history the model sees', [4]),
      entry('dropped', 'left out of a later $set.messages: the model no longer saw it', [2, 3]),
    ]);
  });

  it('imports a JSONL session whose replies are written again with their calls: one prompt, two calls each answered', async () => {
    const { transcript, report } = await importTranscript(ownFixture('gemini-session/tool-calls-rewritten.jsonl'), { format: 'gemini-session' });
    expect(report.counts).toMatchObject({
      sourceRecords: 11,
      messages: 6,
      byRole: { system: 0, user: 1, assistant: 3, tool: 2 },
      realUserTurns: 1,
      toolCalls: 2,
      toolResults: 2,
    });
    expect(transcript.profile).toMatchObject({ agentId: '6f0d9a2e-1b7c-4e83-a5d4-c2e91f07b8a3', model: 'gemini-3-flash-preview' });
    const superseded = report.entries.find((item) => item.action === 'merged');
    expect(superseded?.lines).toEqual([4, 7]);
    // The $set lines only update lastUpdated, which is applied, so nothing about them is reported.
    expect(report.entries.some((item) => item.reason.includes('$set'))).toBe(false);
    const failed = transcript.messages.find((message) => message.id === 'g-read_response');
    expect(failed?.message.content).toMatchObject([{ toolName: 'read_file', output: { type: 'error-json' } }]);
  });

  it('imports the legacy single-JSON session, naming messages by their index', async () => {
    const { transcript, report } = await importTranscript(ownFixture('gemini-session/legacy-single-json.json'), { format: 'gemini-session' });
    expect(report.counts).toMatchObject({ messages: 8, realUserTurns: 2, toolCalls: 2, toolResults: 2 });
    expect(transcript.messages.map((message) => message.id)).toEqual(['q-size', 'r-du', 'r-du_response', 'r-ls', 'r-ls_response', 'r-size', 'q-clean', 'r-ok']);
    expect(transcript.messages[1]?.message.content).toEqual([
      { type: 'reasoning', text: 'Measure it with du.' },
      {
        type: 'tool-call',
        toolCallId: 'run_shell_command-du',
        toolName: 'run_shell_command',
        input: { command: 'du -sh build', cwd: '/srv/site' },
      },
    ]);
    expect(report.entries).toEqual([
      entry('dropped', 'top-level key "meta" is not part of Gemini CLI\'s session format: ignored', [], ['meta']),
      entry('dropped', 'token counts (tokens): usage, not conversation', [], ['messages[1]']),
      entry(
        'dropped',
        'tool call display fields (resultDisplay, displayName, description): shown to the person, not sent to the model',
        [],
        ['messages[1]', 'messages[2]'],
      ),
      entry('dropped', 'info message: shown to the person, not sent to the model', [], ['messages[3]']),
      entry('guessed', 'message of type "model" with parts (not a type Gemini CLI writes): read as a Gemini reply', [], ['messages[4]', 'messages[6]']),
      entry('not-stored', 'system prompt: not stored in this format (Gemini CLI session (JSON or JSONL)); the child gets none', []),
      entry('not-stored', 'tool schemas: not stored in this format (Gemini CLI session (JSON or JSONL)); the child is declared no tools', []),
    ]);
  });

  it('names the line or message it cannot read', async () => {
    await expect(
      importTranscript(jsonl([header, { id: 'a', type: 'user', content: 'hi' }]).concat('[1,2]\n'), { format: 'gemini-session' }),
    ).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'Line 3: expected a Gemini CLI session record (an object), found [1,2].',
      location: { line: 3 },
    });
    await expect(importTranscript(jsonl([header, { id: 'a', content: 'hi' }]), { format: 'gemini-session' })).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'Line 2: the message has no type.',
    });
    const legacy = JSON.stringify({ ...header, messages: [{ id: 'a', type: 'user', content: 'hi' }, 'oops'] });
    await expect(importTranscript(legacy, { format: 'gemini-session' })).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'messages[1] is not an object.',
      location: { field: 'messages[1]' },
    });
  });
});
