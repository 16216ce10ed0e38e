import { describe, expect, it } from 'vitest';
import { FidelityLog } from './fidelity-report';
import { TranscriptBuilder } from './transcript-builder';

const profile = { agentId: 'a', name: 'imported', systemInstruction: '', tools: [], model: 'm', depth: 0 };
const call = (id: string) => ({ role: 'assistant' as const, content: [{ type: 'tool-call' as const, toolCallId: id, toolName: 'Read', input: {} }] });
const result = (id: string, toolName = '') => ({
  role: 'tool' as const,
  content: [{ type: 'tool-result' as const, toolCallId: id, toolName, output: { type: 'text' as const, value: 'ok' } }],
});

describe('TranscriptBuilder', () => {
  it('derives turn ends where a later real user turn starts: completed, or interrupted on an unanswered call', () => {
    const log = new FidelityLog();
    const builder = new TranscriptBuilder('test', log);
    builder.push({ role: 'user', content: 'one' }, { line: 1 });
    builder.push({ role: 'assistant', content: 'answer' }, { line: 2 });
    builder.push({ role: 'user', content: 'two' }, { line: 3 });
    builder.push(call('c1'), { line: 4 });
    builder.push({ role: 'user', content: 'three' }, { line: 5 });
    builder.push({ role: 'assistant', content: 'still going' }, { line: 6 });
    const { messages } = builder.finish(profile);
    expect(messages.map((entry) => entry.meta?.turnEnd)).toEqual([undefined, 'completed', undefined, 'interrupted', undefined, undefined]);
    expect(log.entries().map((entry) => [entry.action, entry.reason, entry.lines])).toEqual([
      ['flagged', 'tool call "c1" (Read) was never answered; kept as recorded (a provider may refuse this history)', [4]],
    ]);
  });

  it('takes no message a runtime’s harness sends on its own for a turn: DeepSeek Harness’s runtime context after a prompt', () => {
    const context = 'Current runtime context. This snapshot supersedes earlier runtime-context snapshots.\n\nApproval policy: ask.';
    const builder = new TranscriptBuilder('test', new FidelityLog());
    builder.push({ role: 'user', content: 'one' }, { line: 1 });
    builder.push({ role: 'user', content: context }, { line: 2 });
    builder.push({ role: 'assistant', content: 'answer' }, { line: 3 });
    builder.push({ role: 'user', content: 'two' }, { line: 4 });
    builder.push({ role: 'user', content: context }, { line: 5 });
    const { messages } = builder.finish(profile);
    // Only the answer ends a turn: not the prompt the context follows.
    expect(messages.map((entry) => entry.meta?.turnEnd ?? null)).toEqual([null, null, 'completed', null, null]);
  });

  it('keeps a turn end the source recorded instead of deriving one', () => {
    const builder = new TranscriptBuilder('test', new FidelityLog());
    builder.push({ role: 'user', content: 'one' });
    builder.push({ role: 'assistant', content: 'answer' }, { turnEnd: 'aborted' });
    builder.push({ role: 'system', content: 'note' });
    builder.push({ role: 'user', content: 'two' });
    expect(builder.finish(profile).messages.map((entry) => entry.meta?.turnEnd)).toEqual([undefined, 'aborted', undefined, undefined]);
  });

  it('fills a result’s tool name from its call, drops a result without a call, and makes ids unique', () => {
    const log = new FidelityLog();
    const builder = new TranscriptBuilder('test', log);
    builder.push({ role: 'user', content: 'go' }, { id: 'x' });
    builder.push(call('c1'), { id: 'x' });
    builder.push(result('c1'), { id: 'x' });
    builder.push(result('ghost'), { line: 9 });
    const { messages } = builder.finish(profile);
    expect(messages.map((entry) => entry.id)).toEqual(['x', 'x~2', 'x~3']);
    expect(messages[2]!.message).toEqual(result('c1', 'Read'));
    expect(log.entries()[0]).toEqual({
      action: 'dropped',
      reason: 'tool result for call "ghost" dropped: no earlier message makes that call, and providers refuse a result without its call',
      lines: [9],
      fields: [],
      count: 1,
    });
  });

  it('flags the open call of a turn in flight as the fork’s open call', () => {
    const log = new FidelityLog();
    const builder = new TranscriptBuilder('test', log);
    builder.push({ role: 'user', content: 'go' });
    builder.push(call('c9'), { line: 2 });
    builder.finish(profile);
    expect(log.entries()[0]!.reason).toBe(
      'tool call "c9" (Read) has no result: it was in flight when the session was saved, and a fork treats it as the open call',
    );
  });
});

describe('FidelityLog', () => {
  it('lists at most MAX_ENTRIES distinct findings and counts the rest in one entry', async () => {
    const { MAX_ENTRIES, OVERFLOW_REASON } = await import('./fidelity-report');
    const log = new FidelityLog();
    for (let index = 0; index < MAX_ENTRIES + 50; index++) log.add('dropped', `finding ${index}`, { line: index + 1 });
    const entries = log.entries();
    expect(entries).toHaveLength(MAX_ENTRIES + 1);
    expect(entries.at(-1)).toMatchObject({ action: 'flagged', reason: OVERFLOW_REASON, count: 50 });
    expect(entries.at(-1)!.lines.slice(0, 2)).toEqual([MAX_ENTRIES + 1, MAX_ENTRIES + 2]);
  });
});
