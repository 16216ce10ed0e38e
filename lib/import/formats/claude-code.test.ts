import { describe, expect, it } from 'vitest';
import { classifyMessages, planFork } from '@/lib/fork';
import { FidelityLog } from '../fidelity-report';
import { readImportSource } from '../read-import-source';
import { convertWith, jsonl } from '../testing/jsonl-records';
import { claudeCodeFormat } from './claude-code';

const base = { sessionId: 's1', cwd: '/work', version: '2.1.0', userType: 'external', isSidechain: false };

const convert = (text: string) => convertWith(claudeCodeFormat, text);

/** A small session written from the public description: every line kind the importer maps. */
const SESSION = jsonl([
  { type: 'summary', summary: 'Fixing the parser', leafUuid: 'a4' },
  { ...base, type: 'user', uuid: 'u0', parentUuid: null, isMeta: true, message: { role: 'user', content: '<command-name>/clear</command-name>' } },
  { ...base, type: 'user', uuid: 'u1', parentUuid: 'u0', message: { role: 'user', content: 'Why does the parser fail on empty input?' } },
  { type: 'file-history-snapshot', messageId: 'x', snapshot: {} },
  {
    ...base,
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    message: {
      id: 'msg_1',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'thinking', thinking: 'Look at parse().', signature: 'sig' }],
      stop_reason: null,
    },
  },
  {
    ...base,
    type: 'assistant',
    uuid: 'a2',
    parentUuid: 'a1',
    message: {
      id: 'msg_1',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { path: 'parser.ts' } }],
      stop_reason: 'tool_use',
    },
  },
  {
    ...base,
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a2',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'export function parse(s) { return s[0]; }' }] },
    toolUseResult: { file: {} },
  },
  { ...base, type: 'user', uuid: 'u-side', parentUuid: null, isSidechain: true, message: { role: 'user', content: 'Subagent task' } },
  { ...base, type: 'attachment', uuid: 'at1', parentUuid: 'u2', attachment: { type: 'todo_reminder' } },
  {
    ...base,
    type: 'assistant',
    uuid: 'a3',
    parentUuid: 'at1',
    message: {
      id: 'msg_2',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'It indexes s[0] without a length check.' }],
      stop_reason: 'end_turn',
    },
  },
  {
    ...base,
    type: 'user',
    uuid: 'u3',
    parentUuid: 'a3',
    message: {
      role: 'user',
      content: [
        { type: 'text', text: '<system-reminder>Todo list is empty.</system-reminder>' },
        { type: 'text', text: 'Fix it.' },
      ],
    },
  },
  {
    ...base,
    type: 'assistant',
    uuid: 'a4',
    parentUuid: 'u3',
    message: {
      id: 'msg_3',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id: 'toolu_2', name: 'Edit', input: { path: 'parser.ts' } }],
      stop_reason: 'tool_use',
    },
  },
]);

describe('claudeCodeFormat', () => {
  it('detects Claude Code lines and not Qwen Code, Codex or API bodies', async () => {
    const log = new FidelityLog();
    expect(claudeCodeFormat.detect(await readImportSource(SESSION, log))).toBe(1);
    const qwen = jsonl([{ type: 'user', uuid: 'q1', parentUuid: null, sessionId: 's', message: { role: 'user', parts: [{ text: 'hi' }] } }]);
    expect(claudeCodeFormat.detect(await readImportSource(qwen, log))).toBe(0);
    expect(claudeCodeFormat.detect(await readImportSource(jsonl([{ timestamp: 't', type: 'session_meta', payload: {} }]), log))).toBe(0);
    expect(claudeCodeFormat.detect(await readImportSource('{"messages":[{"role":"user","content":"hi"}]}', log))).toBe(0);
  });

  it('maps each line kind to the message the model saw, following the chain', async () => {
    const { transcript } = await convert(SESSION);
    expect(transcript.messages).toEqual([
      {
        id: 'u0',
        message: { role: 'user', content: '<command-name>/clear</command-name>' },
        meta: { origin: { format: 'claude-code', line: 2, meta: true, note: 'command echo' } },
      },
      { id: 'u1', message: { role: 'user', content: 'Why does the parser fail on empty input?' }, meta: { origin: { format: 'claude-code', line: 3 } } },
      {
        id: 'msg_1',
        message: {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Look at parse().', providerOptions: { anthropic: { signature: 'sig' } } },
            { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'Read', input: { path: 'parser.ts' } },
          ],
        },
        meta: { origin: { format: 'claude-code', line: 5 } },
      },
      {
        id: 'u2',
        message: {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'toolu_1', toolName: 'Read', output: { type: 'text', value: 'export function parse(s) { return s[0]; }' } },
          ],
        },
        meta: { origin: { format: 'claude-code', line: 7 } },
      },
      {
        id: 'msg_2',
        message: { role: 'assistant', content: [{ type: 'text', text: 'It indexes s[0] without a length check.' }] },
        meta: { origin: { format: 'claude-code', line: 10 }, turnEnd: 'completed' },
      },
      {
        id: 'u3',
        message: {
          role: 'user',
          content: [
            { type: 'text', text: '<system-reminder>Todo list is empty.</system-reminder>' },
            { type: 'text', text: 'Fix it.' },
          ],
        },
        meta: { origin: { format: 'claude-code', line: 11 } },
      },
      {
        id: 'msg_3',
        message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'toolu_2', toolName: 'Edit', input: { path: 'parser.ts' } }] },
        meta: { origin: { format: 'claude-code', line: 12 } },
      },
    ]);
    expect(transcript.profile).toEqual({ agentId: 's1', name: 'imported', systemInstruction: '', tools: [], model: 'claude-sonnet-4-5', depth: 0 });
  });

  it('classifies the imported session the way the engine decides fork windows', async () => {
    const { transcript } = await convert(SESSION);
    const kinds = classifyMessages(transcript.messages).map((entry) => [entry.kind, entry.turnFromEnd]);
    expect(kinds).toEqual([
      ['other', undefined],
      ['real-user-turn', -2],
      ['tool-call', undefined],
      ['tool-result', undefined],
      ['assistant', undefined],
      ['real-user-turn', -1],
      ['tool-call', undefined],
    ]);
    // The last turn is in flight (its Edit call has no result): the completed-turn policy stops
    // before it, and Qwen answers the open call with its placeholder.
    const deepseek = planFork(transcript, { policy: 'deepseek-completed-turns', directive: 'Go on.', params: {} });
    expect(deepseek.parent.map(({ start, end, status, reason }) => [start, end, status, reason])).toEqual([
      [0, 5, 'inherited', 'in-window'],
      [5, 7, 'excluded', 'in-flight-turn'],
    ]);
  });

  it('reports every line that is not one to one, with its line number', async () => {
    const { entries } = await convert(SESSION);
    expect(entries.map((entry) => [entry.action, entry.reason, entry.lines])).toEqual([
      ['dropped', 'summary: carries no conversation', [1]],
      ['dropped', 'file-history-snapshot: carries no conversation', [4]],
      ['kept-apart', 'sidechain line (isSidechain): a subagent’s own conversation, kept apart from the parent', [8]],
      ['guessed', 'command echo (<command-name>, <local-command-stdout>): marked meta, not a user turn', [2]],
      ['flagged', 'signed thinking kept with its signature: Anthropic accepts it back only from the same model, so a child on another model loses it', [5]],
      ['dropped', 'toolUseResult sidecar: the interface’s copy of a tool result (the model saw the tool_result block)', [7]],
      ['merged', '2 assistant lines merged into message msg_1', [5]],
      ['dropped', 'attachment: carries no conversation', [9]],
      ['not-stored', 'system prompt: not stored in this format (Claude Code session (JSONL)); the child gets none', []],
      ['not-stored', 'tool schemas: not stored in this format (Claude Code session (JSONL)); the child is declared no tools', []],
      ['flagged', 'tool call "toolu_2" (Edit) has no result: it was in flight when the session was saved, and a fork treats it as the open call', [12]],
    ]);
  });

  it('restarts at a compact boundary and marks the isCompactSummary line as the compaction summary', async () => {
    const text = jsonl([
      { ...base, type: 'user', uuid: 'old1', parentUuid: null, message: { role: 'user', content: 'Old question' } },
      {
        ...base,
        type: 'assistant',
        uuid: 'old2',
        parentUuid: 'old1',
        message: { id: 'm0', role: 'assistant', content: [{ type: 'text', text: 'Old answer' }], stop_reason: 'end_turn' },
      },
      {
        ...base,
        type: 'system',
        subtype: 'compact_boundary',
        uuid: 'cb',
        parentUuid: null,
        logicalParentUuid: 'old2',
        compactMetadata: { trigger: 'auto', preTokens: 1000 },
      },
      {
        ...base,
        type: 'user',
        uuid: 'sum',
        parentUuid: 'cb',
        isCompactSummary: true,
        message: { role: 'user', content: 'This session is being continued. Summary: …' },
      },
      { ...base, type: 'user', uuid: 'new1', parentUuid: 'sum', message: { role: 'user', content: 'Now the tests.' } },
    ]);
    const { transcript, entries } = await convert(text);
    expect(transcript.messages.map((entry) => entry.id)).toEqual(['sum', 'new1']);
    expect(classifyMessages(transcript.messages).map((entry) => entry.kind)).toEqual(['compaction-summary', 'real-user-turn']);
    expect(entries.slice(0, 2).map((entry) => [entry.reason, entry.lines])).toEqual([
      ['before the compact boundary at line 3: compacted away, the model no longer sees it', [1, 2]],
      ['compact_boundary: the history before it was compacted away; the conversation restarts here', [3]],
    ]);
  });

  it('drops a tool result whose call is missing, and stops at a parentUuid loop', async () => {
    const text = jsonl([
      { ...base, type: 'user', uuid: 'u1', parentUuid: 'u3', message: { role: 'user', content: 'Start' } },
      {
        ...base,
        type: 'user',
        uuid: 'u2',
        parentUuid: 'u1',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_gone', content: 'orphan' }] },
      },
      { ...base, type: 'user', uuid: 'u3', parentUuid: 'u2', message: { role: 'user', content: 'Go on' } },
    ]);
    const { transcript, entries } = await convert(text);
    expect(transcript.messages.map((entry) => entry.id)).toEqual(['u1', 'u3']);
    expect(entries.map((entry) => [entry.action, entry.reason, entry.lines])).toContainEqual([
      'dropped',
      'tool result for call "toolu_gone" dropped: no earlier message makes that call, and providers refuse a result without its call',
      [2],
    ]);
    expect(entries.map((entry) => [entry.reason, entry.lines])).toContainEqual([
      'parentUuid loops back to a line already on the chain; the chain stops there',
      [1],
    ]);
  });

  it('joins a parallel call streamed after the first call’s result to its message, results after it', async () => {
    const text = jsonl([
      { ...base, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Read both files.' } },
      {
        ...base,
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { path: 'a' } }] },
      },
      { ...base, type: 'user', uuid: 'r1', parentUuid: 'a1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'A' }] } },
      {
        ...base,
        type: 'assistant',
        uuid: 'a2',
        parentUuid: 'r1',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Read', input: { path: 'b' } }] },
      },
      { ...base, type: 'user', uuid: 'r2', parentUuid: 'a2', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: 'B' }] } },
    ]);
    const { transcript, entries } = await convert(text);
    expect(
      transcript.messages.map((entry) => [entry.id, entry.message.role, (entry.message.content as { toolCallId?: string }[]).map?.((part) => part.toolCallId)]),
    ).toEqual([
      ['u1', 'user', undefined],
      ['m1', 'assistant', ['t1', 't2']],
      ['r1', 'tool', ['t1', 't2']],
    ]);
    expect(entries.map((entry) => entry.reason)).toContain('2 assistant lines merged into message m1');
  });

  it('imports a subagent’s own file, where every line is a sidechain, as its conversation', async () => {
    const side = { ...base, isSidechain: true, agentId: 'a1b2' };
    const text = jsonl([
      { ...side, type: 'user', uuid: 's1', parentUuid: null, message: { role: 'user', content: 'Examine package.json.' } },
      {
        ...side,
        type: 'assistant',
        uuid: 's2',
        parentUuid: 's1',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'It uses Next 16.' }], stop_reason: 'end_turn' },
      },
    ]);
    const { transcript, entries } = await convert(text);
    expect(transcript.messages.map((entry) => entry.id)).toEqual(['s1', 'm1']);
    expect(entries[0]!.reason).toBe('every chat line is a sidechain: imported as a subagent’s own session (a subagents/agent-*.jsonl file)');
    expect(entries.some((entry) => entry.action === 'kept-apart')).toBe(false);
  });

  it('takes in parallel results written as siblings of the chain', async () => {
    const text = jsonl([
      { ...base, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Read both.' } },
      {
        ...base,
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        message: {
          id: 'm1',
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 't1', name: 'Read', input: {} },
            { type: 'tool_use', id: 't2', name: 'Read', input: {} },
          ],
        },
      },
      { ...base, type: 'user', uuid: 'r1', parentUuid: 'a1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'A' }] } },
      { ...base, type: 'user', uuid: 'r2', parentUuid: 'a1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: 'B' }] } },
      {
        ...base,
        type: 'assistant',
        uuid: 'a2',
        parentUuid: 'r2',
        message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Both read.' }], stop_reason: 'end_turn' },
      },
    ]);
    const { transcript, entries } = await convert(text);
    expect(transcript.messages.map((entry) => [entry.id, (entry.message.content as { toolCallId?: string }[]).map?.((part) => part.toolCallId)])).toEqual([
      ['u1', undefined],
      ['m1', ['t1', 't2']],
      ['r1', ['t1', 't2']],
      ['m2', [undefined]],
    ]);
    expect(entries.find((entry) => entry.action === 'guessed')?.lines).toEqual([3]);
  });

  it('ends a turn as interrupted at the interrupt marker, and a prompt that mentions a tag is still a prompt', async () => {
    const text = jsonl([
      { ...base, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Why does my log contain <command-name> tags?' } },
      {
        ...base,
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Grep', input: {} }] },
      },
      {
        ...base,
        type: 'user',
        uuid: 'r1',
        parentUuid: 'a1',
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: 'The user doesn’t want to proceed.', is_error: true },
            { type: 'text', text: '[Request interrupted by user for tool use]' },
          ],
        },
      },
      { ...base, type: 'user', uuid: 'u2', parentUuid: 'r1', message: { role: 'user', content: 'Never mind.' } },
    ]);
    const { transcript } = await convert(text);
    expect(classifyMessages(transcript.messages).map((entry) => entry.kind)).toEqual(['real-user-turn', 'tool-call', 'tool-result', 'other', 'real-user-turn']);
    expect(transcript.messages.map((entry) => entry.meta?.turnEnd)).toEqual([undefined, undefined, 'interrupted', undefined, undefined]);
  });

  it('reports malformed blocks instead of losing them silently, and leaves out an assistant line left empty', async () => {
    const text = jsonl([
      { ...base, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Go' } },
      {
        ...base,
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        message: { id: 'm1', role: 'assistant', content: ['stray', { type: 'text', text: 5 }, { type: 'tool_use', id: 't1', name: 7 }] },
      },
    ]);
    const { transcript, entries } = await convert(text);
    expect(transcript.messages.map((entry) => entry.id)).toEqual(['u1']);
    expect(entries.slice(0, 2).map((entry) => [entry.reason, entry.lines, entry.count])).toEqual([
      ['content block that is not well formed (not an object, or a field of the wrong type): dropped', [2, 2, 2], 3],
      ['assistant line with nothing Fork Lab can carry (every block was dropped)', [2], 1],
    ]);
  });
});
