import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { FidelityLog } from '../fidelity-report';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { jsonl } from '../testing/jsonl-records';
import { ownFixture } from '../testing/own-fixtures';
import { codexFormat } from './codex';

const fixture = (name: string) => ownFixture(`codex/${name}`);

const t = '2025-11-17T21:30:28.608Z';
const item = (payload: object) => ({ timestamp: t, type: 'response_item', payload });
const event = (payload: object) => ({ timestamp: t, type: 'event_msg', payload });
const text = (role: string, value: string, extra: object = {}) =>
  item({ type: 'message', role, content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text: value }], ...extra });

/** A rollout written from the public description: every line kind the importer maps. */
const ROLLOUT = jsonl([
  { timestamp: t, type: 'session_meta', payload: { id: 'sess-1', cwd: '/repo', cli_version: '0.58.0', instructions: 'You are Codex.' } },
  text('developer', 'Sandbox: workspace-write.'),
  text('user', '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>'),
  { timestamp: t, type: 'turn_context', payload: { cwd: '/repo', approval_policy: 'never', model: 'gpt-5-codex' } },
  event({ type: 'user_message', message: 'Fix the failing test', images: [] }),
  item({
    type: 'message',
    role: 'user',
    content: [
      { type: 'input_text', text: 'Fix the failing test' },
      { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
    ],
  }),
  event({ type: 'task_started' }),
  item({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Looking at tests' }], content: null, encrypted_content: 'gAAAA' }),
  item({ type: 'function_call', name: 'shell', arguments: '{"command":["npm","test"]}', call_id: 'call_1' }),
  item({ type: 'function_call_output', call_id: 'call_1', output: '1 failing' }),
  item({ type: 'custom_tool_call', call_id: 'call_2', name: 'apply_patch', input: '*** Begin Patch' }),
  item({ type: 'custom_tool_call_output', call_id: 'call_2', output: { content: 'patch rejected', success: false } }),
  item({ type: 'local_shell_call', call_id: 'call_3', status: 'completed', action: { type: 'exec', command: ['ls'] } }),
  item({ type: 'function_call_output', call_id: 'call_3', output: 'a.txt' }),
  item({ type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'vitest' } }),
  text('assistant', 'Fixed.', { id: 'msg_fixed' }),
  event({ type: 'agent_message', message: 'Fixed.' }),
  event({ type: 'token_count', info: null }),
  event({ type: 'task_complete', last_agent_message: 'Fixed.' }),
  text('user', 'Now add a changelog entry'),
  event({ type: 'turn_aborted', reason: 'interrupted' }),
]);

const origin = (line: number, extra: object = {}) => ({ origin: { format: 'codex', line, ...extra } });

describe('codexFormat', () => {
  it('detects rollouts (session_meta or {timestamp, type, payload} lines) and nothing else', async () => {
    const log = new FidelityLog();
    const score = async (input: string) => codexFormat.detect(await readImportSource(input, log));
    expect(await score(ROLLOUT)).toBe(1);
    expect(await score(jsonl([text('user', 'hi'), text('assistant', 'hello')]))).toBe(1);
    for (const name of [
      'tool-loop-one-turn.jsonl',
      'several-sessions-odd-records.jsonl',
      'compaction-without-replacement-history.jsonl',
      'exec-final-answer.jsonl',
    ]) {
      expect(await score(fixture(name))).toBe(1);
    }
    const claudeLine = jsonl([{ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', timestamp: t, message: { role: 'user', content: 'hi' } }]);
    expect(await score(claudeLine)).toBe(0);
    expect(await score('{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}')).toBe(0);
    expect(await score(ownFixture('qwen-code/error-tool-result.jsonl'))).toBe(0);
  });

  it('maps each line kind to the message the model saw', async () => {
    const { transcript } = await importTranscript(ROLLOUT, { format: 'codex' });
    expect(transcript.messages).toEqual([
      { id: 'codex-1', message: { role: 'system', content: 'Sandbox: workspace-write.' }, meta: origin(2) },
      {
        id: 'codex-2',
        message: { role: 'user', content: [{ type: 'text', text: '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>' }] },
        meta: origin(3, { meta: true, note: 'startup context' }),
      },
      {
        id: 'codex-3',
        message: {
          role: 'user',
          content: [
            { type: 'text', text: 'Fix the failing test' },
            { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
          ],
        },
        meta: origin(6),
      },
      {
        id: 'codex-4',
        message: {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Looking at tests' },
            { type: 'tool-call', toolCallId: 'call_1', toolName: 'shell', input: { command: ['npm', 'test'] } },
          ],
        },
        meta: origin(8),
      },
      {
        id: 'codex-5',
        message: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'shell', output: { type: 'text', value: '1 failing' } }] },
        meta: origin(10),
      },
      {
        id: 'codex-6',
        message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_2', toolName: 'apply_patch', input: '*** Begin Patch' }] },
        meta: origin(11),
      },
      {
        id: 'codex-7',
        message: {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'call_2', toolName: 'apply_patch', output: { type: 'error-text', value: 'patch rejected' } }],
        },
        meta: origin(12),
      },
      {
        id: 'codex-8',
        message: {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'call_3', toolName: 'local_shell', input: { type: 'exec', command: ['ls'] } }],
        },
        meta: origin(13),
      },
      {
        id: 'codex-9',
        message: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_3', toolName: 'local_shell', output: { type: 'text', value: 'a.txt' } }] },
        meta: origin(14),
      },
      { id: 'msg_fixed', message: { role: 'assistant', content: [{ type: 'text', text: 'Fixed.' }] }, meta: { ...origin(16), turnEnd: 'completed' } },
      {
        id: 'codex-11',
        message: { role: 'user', content: [{ type: 'text', text: 'Now add a changelog entry' }] },
        meta: { ...origin(20), turnEnd: 'interrupted' },
      },
    ]);
    expect(transcript.profile).toMatchObject({ agentId: 'sess-1', systemInstruction: 'You are Codex.', model: 'gpt-5-codex', tools: [] });
  });

  it('leaves startup context and developer messages out of the real user turns', async () => {
    const { transcript } = await importTranscript(ROLLOUT, { format: 'codex' });
    const kinds = classifyMessages(transcript.messages).map((entry) => entry.kind);
    expect(kinds).toEqual([
      'system',
      'other',
      'real-user-turn',
      'tool-call',
      'tool-result',
      'tool-call',
      'tool-result',
      'tool-call',
      'tool-result',
      'assistant',
      'real-user-turn',
    ]);
  });

  it('reports every dropped, merged or guessed line with its reason', async () => {
    const { report } = await importTranscript(ROLLOUT, { format: 'codex' });
    const entry = (action: string, reason: string, lines: number[]) => ({ action, reason, lines, fields: [], count: lines.length });
    expect(report.entries).toEqual([
      entry('guessed', 'developer message mapped to a system message', [2]),
      entry('dropped', 'turn_context: per-turn settings (cwd, approval and sandbox policy, effort); only its model is kept', [4]),
      entry('dropped', 'event_msg/user_message: what the person saw, not what the model saw', [5]),
      entry('dropped', 'event_msg/task_started: what the person saw, not what the model saw', [7]),
      entry('dropped', 'reasoning encrypted_content: only OpenAI can decrypt it, so it cannot be carried to another model', [8]),
      entry('merged', 'assistant items of one model response (reasoning, text, tool calls) merged into one assistant message', [9]),
      entry(
        'dropped',
        'response_item/web_search_call: a web search whose results are not recorded; OpenAI ran it on its own servers and another model cannot replay it',
        [15],
      ),
      entry('dropped', 'event_msg/agent_message: what the person saw, not what the model saw', [17]),
      entry('dropped', 'event_msg/token_count: what the person saw, not what the model saw', [18]),
      {
        action: 'not-stored',
        reason: 'tool schemas: not stored in this format (Codex CLI rollout (JSONL)); the child is declared no tools',
        lines: [],
        fields: [],
        count: 1,
      },
    ]);
    expect(report.counts).toMatchObject({ realUserTurns: 2, toolCalls: 3, toolResults: 3, turnEnds: 2 });
  });

  it('replaces the history after the startup context with a compaction replacement_history', async () => {
    const rollout = jsonl([
      { timestamp: t, type: 'session_meta', payload: { id: 'sess-2', base_instructions: { text: 'Base.' } } },
      text('user', '# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nRun npm test.\n</INSTRUCTIONS>'),
      text('user', 'First task'),
      text('assistant', 'Done first.'),
      text('user', 'Second task'),
      text('assistant', 'Done second.'),
      {
        timestamp: t,
        type: 'compacted',
        payload: {
          message: 'Tests pass; changelog pending.',
          replacement_history: [
            { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'First task' }] },
            { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Second task' }] },
            { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Summary of earlier work:\nTests pass; changelog pending.' }] },
            { type: 'compaction', encrypted_content: 'enc' },
          ],
        },
      },
      text('user', 'Third task'),
      text('assistant', 'Done third.'),
    ]);
    const { transcript, report } = await importTranscript(rollout, { format: 'codex' });
    const user = (value: string) => ({ role: 'user', content: [{ type: 'text', text: value }] });
    expect(transcript.messages.map(({ message }) => message)).toEqual([
      user('# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nRun npm test.\n</INSTRUCTIONS>'),
      user('First task'),
      user('Second task'),
      user('Summary of earlier work:\nTests pass; changelog pending.'),
      user('Third task'),
      { role: 'assistant', content: [{ type: 'text', text: 'Done third.' }] },
    ]);
    expect(transcript.messages.map(({ meta }) => meta?.origin?.line)).toEqual([2, 7, 7, 7, 8, 9]);
    expect(classifyMessages(transcript.messages).map((entry) => entry.kind)).toEqual([
      'other',
      'real-user-turn',
      'real-user-turn',
      'compaction-summary',
      'real-user-turn',
      'assistant',
    ]);
    expect(report.entries.filter((entry) => entry.lines.includes(7)).map(({ action, reason, lines }) => ({ action, reason, lines }))).toEqual([
      { action: 'dropped', reason: 'lines 3–6: replaced by the compacted replacement_history (the model no longer saw them)', lines: [7] },
      {
        action: 'dropped',
        reason: 'response_item/compaction: the compaction summary is encrypted (only OpenAI can read it), so the child cannot receive it',
        lines: [7],
      },
    ]);
    expect(transcript.profile.systemInstruction).toBe('Base.');
  });

  it('imports a rollout of one prompt and a tool loop still running when the file ends', async () => {
    const { transcript, report } = await importTranscript(fixture('tool-loop-one-turn.jsonl'), { format: 'codex' });
    expect(report.counts).toMatchObject({
      sourceRecords: 23,
      messages: 8,
      byRole: { system: 0, user: 2, assistant: 3, tool: 3 },
      realUserTurns: 1,
      toolCalls: 3,
      toolResults: 3,
      turnEnds: 0,
    });
    expect(transcript.messages[0]?.meta?.origin).toEqual({ format: 'codex', line: 2, meta: true, note: 'startup context' });
    expect(transcript.profile).toMatchObject({ agentId: '0199c3a1-5e07-7d40-a2b8-6f31c9e04d12', model: 'gpt-5.1-codex', systemInstruction: '' });
    const byReason = new Map(report.entries.map((entry) => [entry.reason, entry]));
    expect(byReason.get('reasoning encrypted_content: only OpenAI can decrypt it, so it cannot be carried to another model')?.count).toBe(3);
    expect(byReason.get('reasoning item with no summary text: nothing readable to carry')?.lines).toEqual([14]);
    expect(byReason.get('event_msg/token_count: what the person saw, not what the model saw')?.count).toBe(3);
    expect(byReason.get('response_item/ghost_snapshot: a git snapshot Codex keeps for undo; never sent to the model')?.lines).toEqual([6]);
    expect(byReason.get('system prompt: not stored in this format (Codex CLI rollout (JSONL)); the child gets none')?.action).toBe('not-stored');
  });

  it('imports a file of several sessions without tripping on records it does not read', async () => {
    const { transcript, report, title } = await importTranscript(fixture('several-sessions-odd-records.jsonl'), { format: 'codex' });
    // Its agent_message (a Codex 0.169 task) is carried as a user message.
    expect(report.counts).toMatchObject({ messages: 8, toolCalls: 1, toolResults: 1 });
    expect(title).toBe('TODO census');
    expect(transcript.profile.agentId).toBe('019f0a11-0000-7000-8000-00000000aa01');
    const byReason = new Map(report.entries.map((entry) => [entry.reason, entry]));
    expect(
      byReason.get('another session_meta: this file holds records of more than one session; the first session_meta gives the id and instructions')?.lines,
    ).toEqual([12]);
    expect(byReason.get('unknown record type "world_state": Fork Lab does not read it')?.lines).toEqual([3, 17]);
    expect(byReason.get('unknown record type "inter_agent_communication_metadata": Fork Lab does not read it')?.lines).toEqual([13]);
    expect(byReason.get('input_image without an image_url: there is no image to carry')?.lines).toEqual([4, 15]);
    expect(byReason.get('lines 4–16: replaced by the compacted replacement_history (the model no longer saw them)')?.lines).toEqual([18]);
  });

  it('carries an old-style compaction (no replacement_history) as a summary after the startup context', async () => {
    const { transcript, report } = await importTranscript(fixture('compaction-without-replacement-history.jsonl'), { format: 'codex' });
    expect(report.counts).toMatchObject({ messages: 5, realUserTurns: 1, toolCalls: 1, toolResults: 1 });
    expect(transcript.messages[0]?.meta?.origin).toEqual({ format: 'codex', line: 11, compactionSummary: true });
    expect(classifyMessages(transcript.messages)[0]?.kind).toBe('compaction-summary');
    const reasons = report.entries.filter((entry) => entry.lines.includes(11)).map((entry) => entry.reason);
    expect(reasons).toEqual([
      'lines 3–10: replaced by the compaction summary (the model no longer saw them)',
      'compaction without replacement_history: older Codex rebuilt the history from this summary, carried as a compaction summary after the startup context (the earlier user messages Codex re-sent with it are not carried)',
    ]);
  });

  it('keeps each assistant message’s phase where the AI SDK keeps it, and reports a phase Codex does not have', async () => {
    const rollout = jsonl([
      text('user', 'Fix the test'),
      text('assistant', 'Looking at the test first.', { phase: 'commentary' }),
      item({ type: 'function_call', name: 'shell', arguments: '{}', call_id: 'call_1' }),
      item({ type: 'function_call_output', call_id: 'call_1', output: 'ok' }),
      text('assistant', 'Fixed: the month was off by one.', { phase: 'final_answer' }),
      text('user', 'And now?'),
      text('assistant', 'An older model: no phase.'),
      text('user', 'Last one'),
      text('assistant', 'A phase from nowhere.', { phase: 'draft' }),
    ]);
    const { transcript, report } = await importTranscript(rollout, { format: 'codex' });
    const texts = transcript.messages
      .filter((entry) => entry.message.role === 'assistant')
      .flatMap((entry) => (entry.message.content as { type: string; text?: string; providerOptions?: unknown }[]).filter((part) => part.type === 'text'))
      .map((part) => [part.text, part.providerOptions ?? null]);
    expect(texts).toEqual([
      ['Looking at the test first.', { openai: { phase: 'commentary' } }],
      ['Fixed: the month was off by one.', { openai: { phase: 'final_answer' } }],
      ['An older model: no phase.', null],
      ['A phase from nowhere.', null],
    ]);
    expect(report.entries.filter((entry) => entry.reason.includes('phase')).map(({ action, reason, lines }) => ({ action, reason, lines }))).toEqual([
      { action: 'dropped', reason: 'assistant message phase "draft": a phase is commentary or final_answer', lines: [9] },
    ]);
  });

  it('names the line of a record it cannot read', async () => {
    const notARecord = jsonl([text('user', 'hi')]).concat('42\n');
    await expect(importTranscript(notARecord, { format: 'codex' })).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'Line 2: expected a Codex record {timestamp, type, payload}, found a number.',
      location: { line: 2 },
    });
    const noCallId = jsonl([text('user', 'hi'), item({ type: 'function_call', name: 'shell', arguments: '{}' })]);
    await expect(importTranscript(noCallId, { format: 'codex' })).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'Line 2: the function_call has no call_id.',
    });
    const claude = jsonl([{ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'hi' } }]);
    await expect(importTranscript(claude, { format: 'codex' })).rejects.toMatchObject({ code: 'format-mismatch' });
  });
});

describe('Codex context blocks', () => {
  it('reads a message with any one whole block as context, but only AGENTS.md and environment as the startup prefix', async () => {
    const { transcript } = await importTranscript(
      jsonl([
        { timestamp: t, type: 'session_meta', payload: { id: 's', cwd: '/repo', instructions: 'You are Codex.' } },
        text('user', '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>'),
        text('user', '<user_shell_command>\ncat notes.txt\n</user_shell_command>'),
        text('user', 'Fix the failing test'),
      ]),
    );
    expect(transcript.messages.map((entry) => entry.meta?.origin?.note ?? null)).toEqual(['startup context', 'harness context', null]);
    expect(classifyMessages(transcript.messages).map((entry) => entry.kind === 'real-user-turn')).toEqual([false, false, true]);
  });
});
