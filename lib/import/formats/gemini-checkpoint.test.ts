import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { FidelityLog } from '../fidelity-report';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { ownFixture } from '../testing/own-fixtures';
import { geminiCheckpointFormat } from './gemini-checkpoint';

const STARTUP = "This is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Friday.";
const SNAPSHOT = '<state_snapshot>\n<overall_goal>Fill the config</overall_goal>\n</state_snapshot>';

/** A bare `Content[]` checkpoint written from the public description. */
const CHECKPOINT = JSON.stringify([
  { role: 'user', parts: [{ text: STARTUP }] },
  { role: 'model', parts: [{ text: 'Got it. Thanks for the context!' }] },
  { role: 'user', parts: [{ text: 'Read config.json' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
  {
    role: 'model',
    parts: [
      { text: 'Look at the config first.', thought: true },
      { text: 'Reading.' },
      { functionCall: { name: 'read_file', args: { path: 'config.json' } } },
      { functionCall: { id: 'fc-2', name: 'glob', args: { pattern: '*.json' } } },
    ],
  },
  {
    role: 'user',
    parts: [
      { functionResponse: { name: 'read_file', response: { output: '{}' } } },
      { functionResponse: { id: 'fc-2', name: 'glob', response: { output: 'config.json' } } },
    ],
  },
  { role: 'model', parts: [{ text: 'The config is empty.' }] },
  { role: 'user', parts: [{ text: 'Add a port.' }] },
  { role: 'model', parts: [{ functionCall: { name: 'write_file', args: { path: 'config.json' } }, thoughtSignature: 'c2ln' }] },
]);

/** `/chat save` wraps the history; after a compression it starts with the state snapshot. */
const WRAPPED = JSON.stringify({
  history: [
    { role: 'user', parts: [{ text: SNAPSHOT }] },
    { role: 'model', parts: [{ text: 'Got it. Thanks for the additional context!' }] },
    { role: 'user', parts: [{ text: 'Continue with step 2' }] },
    { role: 'model', parts: [{ text: 'Step 2 done.' }] },
  ],
  authType: 'oauth-personal',
});

const meta = { origin: { format: 'gemini-checkpoint' } };
const entry = (action: string, reason: string, fields: string[]) => ({ action, reason, lines: [], fields, count: Math.max(fields.length, 1) });
const NOT_STORED = [
  entry('not-stored', 'system prompt: not stored in this format (Gemini API history (Content[], /chat save checkpoint)); the child gets none', []),
  entry('not-stored', 'tool schemas: not stored in this format (Gemini API history (Content[], /chat save checkpoint)); the child is declared no tools', []),
  entry('not-stored', 'model: not recorded; the child runs on the model picked in Fork Lab', []),
];

describe('geminiCheckpointFormat', () => {
  it('detects a Content[] list or a {history} wrapper, and nothing else', async () => {
    const log = new FidelityLog();
    const score = async (input: string) => geminiCheckpointFormat.detect(await readImportSource(input, log));
    expect(await score(CHECKPOINT)).toBe(1);
    expect(await score(WRAPPED)).toBe(1);
    expect(await score(ownFixture('gemini-checkpoint/eval-scenario-history.json'))).toBe(1);
    const claudeLine = JSON.stringify({ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'hi' } });
    expect(await score(claudeLine)).toBe(0);
    expect(await score('{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}')).toBe(0);
    expect(await score('[{"id":"1","role":"user","parts":[{"type":"text","text":"hi"}]}]')).toBe(0);
    expect(await score(ownFixture('gemini-session/legacy-single-json.json'))).toBe(0);
    expect(await score('[]')).toBe(0);
  });

  it('maps each part kind, pairing id-less responses with their calls by name', async () => {
    const { transcript } = await importTranscript(CHECKPOINT, { format: 'gemini-checkpoint' });
    expect(transcript.messages).toEqual([
      { id: 'history-0', message: { role: 'user', content: [{ type: 'text', text: STARTUP }] }, meta },
      // The startup pair is the runtime's environment, not a turn: no turn end is derived after it.
      {
        id: 'history-1',
        message: { role: 'assistant', content: [{ type: 'text', text: 'Got it. Thanks for the context!' }] },
        meta,
      },
      {
        id: 'history-2',
        message: {
          role: 'user',
          content: [
            { type: 'text', text: 'Read config.json' },
            { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
          ],
        },
        meta,
      },
      {
        id: 'history-3',
        message: {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Look at the config first.' },
            { type: 'text', text: 'Reading.' },
            { type: 'tool-call', toolCallId: 'call-3-2', toolName: 'read_file', input: { path: 'config.json' } },
            { type: 'tool-call', toolCallId: 'fc-2', toolName: 'glob', input: { pattern: '*.json' } },
          ],
        },
        meta,
      },
      {
        id: 'history-4',
        message: {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'call-3-2', toolName: 'read_file', output: { type: 'json', value: { output: '{}' } } },
            { type: 'tool-result', toolCallId: 'fc-2', toolName: 'glob', output: { type: 'json', value: { output: 'config.json' } } },
          ],
        },
        meta,
      },
      {
        id: 'history-5',
        message: { role: 'assistant', content: [{ type: 'text', text: 'The config is empty.' }] },
        meta: { ...meta, turnEnd: 'completed' },
      },
      { id: 'history-6', message: { role: 'user', content: [{ type: 'text', text: 'Add a port.' }] }, meta },
      {
        id: 'history-7',
        message: {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-7-0',
              toolName: 'write_file',
              input: { path: 'config.json' },
              providerOptions: { google: { thoughtSignature: 'c2ln' } },
            },
          ],
        },
        meta,
      },
    ]);
    expect(classifyMessages(transcript.messages).map((item) => item.kind)).toEqual([
      'startup-context',
      'startup-context',
      'real-user-turn',
      'tool-call',
      'tool-result',
      'assistant',
      'real-user-turn',
      'tool-call',
    ]);
  });

  it('reports generated ids and by-name pairing with the entry they belong to', async () => {
    const { report } = await importTranscript(CHECKPOINT, { format: 'gemini-checkpoint' });
    expect(report.entries).toEqual([
      entry('guessed', 'function call without an id: Fork Lab gave it one to pair it with its result', ['[3]', '[7]']),
      entry('guessed', 'function response without an id: paired with the first unanswered call of the same name', ['[4]']),
      ...NOT_STORED,
      entry('flagged', 'tool call "call-7-0" (write_file) has no result: it was in flight when the session was saved, and a fork treats it as the open call', [
        '[7]',
      ]),
    ]);
  });

  it('unwraps {history} and reads a leading <state_snapshot> as the compaction summary', async () => {
    const { transcript, report } = await importTranscript(WRAPPED, { format: 'gemini-checkpoint' });
    expect(transcript.messages[0]).toEqual({
      id: 'history-0',
      message: { role: 'user', content: [{ type: 'text', text: SNAPSHOT }] },
      meta: { origin: { format: 'gemini-checkpoint', compactionSummary: true } },
    });
    expect(classifyMessages(transcript.messages).map((item) => item.kind)).toEqual([
      'compaction-summary',
      'compaction-acknowledgement',
      'real-user-turn',
      'assistant',
    ]);
    expect(report.entries).toEqual([
      entry('flagged', 'history read from the "history" list of the wrapper object', ['history']),
      entry('dropped', 'top-level key "authType" ignored: not part of the conversation', ['authType']),
      ...NOT_STORED,
    ]);
  });

  it('imports an eval scenario’s history, unwrapped, with every id-less call answered', async () => {
    const { transcript, report } = await importTranscript(ownFixture('gemini-checkpoint/eval-scenario-history.json'), { format: 'gemini-checkpoint' });
    expect(report.counts).toMatchObject({
      messages: 16,
      byRole: { system: 0, user: 5, assistant: 8, tool: 3 },
      realUserTurns: 5,
      toolCalls: 3,
      toolResults: 3,
    });
    expect(report.entries.find((item) => item.reason.startsWith('function response without an id'))?.count).toBe(3);
    const ignored = report.entries.filter((item) => item.reason.startsWith('top-level key')).flatMap((item) => item.fields);
    expect(ignored).toEqual(['scenarioId', 'description', 'questions']);
    expect(transcript.messages[4]?.message.content).toMatchObject([{ toolCallId: 'call-3-0', toolName: 'run_shell_command' }]);
  });

  it('names the entry it cannot read', async () => {
    await expect(
      importTranscript('[{"role":"user","parts":[{"text":"hi"}]},{"role":"assistant","content":"x"}]', { format: 'gemini-checkpoint' }),
    ).rejects.toMatchObject({
      code: 'invalid-content',
      message: '[1] is not a Gemini content: it needs a role of "user" or "model" and a parts list.',
      location: { field: '[1]' },
    });
    await expect(
      importTranscript('{"history":[{"role":"model","parts":[{"functionCall":{"args":{}}}]}]}', { format: 'gemini-checkpoint' }),
    ).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'history[0]: the functionCall in part 0 has no name.',
      location: { field: 'history[0]' },
    });
    await expect(importTranscript('{"messages":[]}', { format: 'gemini-checkpoint' })).rejects.toMatchObject({ code: 'format-mismatch' });
  });
});
