import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '@/lib/fork';
import { type ExplainedRequest, explainCacheMiss, shortDiff } from './miss-explainer';

const messages: ModelMessage[] = [
  { role: 'user', content: 'Find the bug in parse.ts' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'parse.ts' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read_file', output: { type: 'text', value: 'export const x = 1;' } }] },
];
const previous: ExplainedRequest = {
  model: 'm',
  tools: [
    { name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object' } },
    { name: 'agent', description: 'Start a subagent.', inputSchema: { type: 'object', properties: { prompt: { type: 'string' } } } },
  ],
  systemInstruction: 'You are Qwen Code, an interactive CLI agent.',
  messages,
};

describe('explainCacheMiss', () => {
  it('finds no miss when the child repeats the whole previous request and adds to it', () => {
    const child = { ...previous, messages: [...messages, { role: 'user', content: 'Begin.' } as ModelMessage] };
    expect(explainCacheMiss(previous, child)).toEqual({ reason: null, path: null, sharedMessages: 3, diff: [] });
  });

  it('names the model first', () => {
    expect(explainCacheMiss(previous, { ...previous, model: 'n', systemInstruction: 'other' })).toMatchObject({ reason: 'model_changed', path: 'model' });
  });

  it('names the tool and field of a changed tool description, before a changed system instruction', () => {
    const tools = [previous.tools[0]!, { ...previous.tools[1]!, description: 'Start a forked subagent.' }];
    const explanation = explainCacheMiss(previous, { ...previous, tools, systemInstruction: 'other' });
    expect(explanation.reason).toBe('tools_changed');
    expect(explanation.path).toBe('tools[1].description');
    expect(explanation.diff).toEqual([
      { text: 'Start a ', change: 'kept' },
      { text: 'forked ', change: 'added' },
      { text: 'subagent.', change: 'kept' },
    ]);
  });

  it('reports a removed tool by its place', () => {
    expect(explainCacheMiss(previous, { ...previous, tools: [previous.tools[0]!] })).toMatchObject({ reason: 'tools_changed', path: 'tools[1]' });
  });

  it('reports a changed system instruction with its words', () => {
    const explanation = explainCacheMiss(previous, { ...previous, systemInstruction: 'You are Qwen Code, a forked CLI agent.' });
    expect(explanation.reason).toBe('system_changed');
    expect(explanation.path).toBe('system');
    expect(explanation.diff.filter((chunk) => chunk.change !== 'kept').map((chunk) => chunk.text)).toEqual(['an', 'a', 'interactive', 'forked']);
  });

  it('names the message, part and field of the first changed message', () => {
    const changed: ModelMessage = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read_file', output: { type: 'text', value: 'export const x = 2;' } }],
    };
    const explanation = explainCacheMiss(previous, { ...previous, messages: [messages[0]!, messages[1]!, changed] });
    expect(explanation).toMatchObject({ reason: 'messages_changed', path: 'messages[2].content[0].output.value', sharedMessages: 2 });
  });

  it('reports a child that stops before the previous request ends', () => {
    expect(explainCacheMiss(previous, { ...previous, messages: [messages[0]!] })).toMatchObject({
      reason: 'messages_changed',
      path: 'messages[1]',
      sharedMessages: 1,
    });
  });
});

describe('shortDiff', () => {
  it('keeps only the text around the first change of a long value', () => {
    const before = `${'a '.repeat(1000)}old${' b'.repeat(1000)}`;
    const after = `${'a '.repeat(1000)}new${' b'.repeat(1000)}`;
    const chunks = shortDiff(before, after);
    expect(chunks[0]).toEqual({ text: '…', change: 'kept' });
    expect(chunks.filter((chunk) => chunk.change !== 'kept').map((chunk) => chunk.text)).toEqual(['old', 'new']);
    expect(chunks.reduce((length, chunk) => length + chunk.text.length, 0)).toBeLessThan(800);
  });

  it('shows two unrelated texts whole, one after the other, not their words interleaved', () => {
    const before = 'Good. Fork a worker to write the tests while we keep going.';
    const after = 'Write unit tests for parseDate in src/date.ts, covering the edge cases we found.';
    expect(shortDiff(before, after)).toEqual([
      { text: before, change: 'removed' },
      { text: '\n', change: 'kept' },
      { text: after, change: 'added' },
    ]);
    // An edit keeps most of its words, and is shown as one.
    expect(shortDiff('Fork a worker to write the tests now.', 'Fork a worker to write the docs now.').filter((chunk) => chunk.change !== 'kept')).toEqual([
      { text: 'tests', change: 'removed' },
      { text: 'docs', change: 'added' },
    ]);
  });
});
