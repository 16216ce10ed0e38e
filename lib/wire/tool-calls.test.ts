import { describe, expect, it } from 'vitest';
import { contentTexts, toolCallsInTurn, toolResultTexts, turnsOf } from './tool-calls';

describe('tool calls and their results, in each API’s shape', () => {
  it('reads the calls one turn makes, each API its own way', () => {
    expect(toolCallsInTurn({ type: 'function_call', name: 'agent', arguments: '{"a":1}' }, 'responses')).toEqual([{ name: 'agent', input: '{"a":1}' }]);
    expect(toolCallsInTurn({ role: 'assistant', tool_calls: [{ function: { name: 'agent', arguments: '{}' } }, { function: {} }] }, 'chat')).toEqual([
      { name: 'agent', input: '{}' },
    ]);
    expect(
      toolCallsInTurn(
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'x' },
            { type: 'tool_use', name: 'Task', input: { a: 1 } },
          ],
        },
        'messages',
      ),
    ).toEqual([{ name: 'Task', input: { a: 1 } }]);
    expect(toolCallsInTurn({ role: 'model', parts: [{ functionCall: { name: 'agent', args: { a: 1 } } }] }, 'gemini')).toEqual([
      { name: 'agent', input: { a: 1 } },
    ]);
    expect(toolCallsInTurn({ role: 'assistant', content: [{ toolUse: { name: 'agent', input: {} } }] }, 'converse')).toEqual([{ name: 'agent', input: {} }]);
    // Another API's shape is not this one's call.
    expect(toolCallsInTurn({ role: 'assistant', content: [{ type: 'tool_use', name: 'Task', input: {} }] }, 'gemini')).toEqual([]);
  });

  it('finds the turns of each body', () => {
    expect(turnsOf({ input: [1], messages: [2] }, 'responses')).toEqual([1]);
    expect(turnsOf({ contents: [1], messages: [2] }, 'gemini')).toEqual([1]);
    expect(turnsOf({ messages: [2] }, 'messages')).toEqual([2]);
    expect(turnsOf({ messages: 'no' }, 'chat')).toEqual([]);
  });

  it('reads the answers to one call, whichever of the three shapes carries them', () => {
    const body = {
      messages: [
        { role: 'tool', tool_call_id: 'c1', content: 'chat answer' },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'c1',
              content: [
                { type: 'text', text: 'block' },
                { type: 'text', text: 'answer' },
              ],
            },
          ],
        },
        { role: 'tool', tool_call_id: 'c2', content: 'another call' },
      ],
      input: [{ type: 'function_call_output', call_id: 'c1', output: 'item answer' }],
    };
    expect(toolResultTexts(body, 'c1')).toEqual(['chat answer', 'block\nanswer', 'item answer']);
    expect(toolResultTexts(body, 'c3')).toEqual([]);
    expect(contentTexts([{ text: 'a' }, 'b', { type: 'image' }])).toEqual(['a']);
  });
});
