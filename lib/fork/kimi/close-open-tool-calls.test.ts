import { describe, expect, it } from 'vitest';
import { assistant, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { closeOpenToolCalls, OPEN_CALL_RESULT } from './close-open-tool-calls';

const closing = (id: string, tool: string) => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: id, toolName: tool, output: { type: 'text', value: OPEN_CALL_RESULT } }],
});

describe('closeOpenToolCalls', () => {
  it("answers with Kimi's INHERITED_IN_FLIGHT_TOOL_OUTPUT, byte for byte", () => {
    expect(OPEN_CALL_RESULT).toBe(
      'This tool call was still executing when this conversation snapshot was inherited from the source agent, so its result is not part of this context. The outcome is unknown — do not assume it succeeded or failed, and do not wait for it.',
    );
  });

  it('answers every open call of the last assistant message, in call order', () => {
    const messages = [
      user('u', 'go'),
      toolCalls('calls', [
        { id: 'a', tool: 'read_file', input: {} },
        { id: 'b', tool: 'agent', input: { fork: true } },
      ]),
    ];
    expect(closeOpenToolCalls(messages, messages.length)).toEqual({
      length: 2,
      closedAssistant: 1,
      openCallIds: ['a', 'b'],
      closingResults: [closing('a', 'read_file'), closing('b', 'agent')],
      sealed: false,
      toolMessagesOnly: false,
    });
  });

  it('keeps the real results of a partially answered batch and closes only the rest', () => {
    const messages = [
      user('u', 'go'),
      toolCalls('calls', [
        { id: 'a', tool: 'read_file', input: {} },
        { id: 'b', tool: 'read_file', input: {} },
        { id: 'c', tool: 'agent', input: {} },
      ]),
      toolResults('ra', [{ id: 'a', tool: 'read_file', output: 'A' }]),
      toolResults('rc', [{ id: 'c', tool: 'agent', output: 'C' }]),
    ];
    const snapshot = closeOpenToolCalls(messages, messages.length);
    expect(snapshot.openCallIds).toEqual(['b']);
    expect(snapshot.closingResults).toEqual([closing('b', 'read_file')]);
    expect(snapshot.length).toBe(4);
  });

  it('seals a partial assistant message only when a call was open', () => {
    const open = [toolCalls('c', [{ id: 'a', tool: 't', input: {} }], undefined, { partial: true })];
    expect(closeOpenToolCalls(open, 1).sealed).toBe(true);
    const answered = [
      toolCalls('c', [{ id: 'a', tool: 't', input: {} }], undefined, { partial: true }),
      toolResults('r', [{ id: 'a', tool: 't', output: 'ok' }]),
    ];
    expect(closeOpenToolCalls(answered, 2)).toMatchObject({ sealed: false, closedAssistant: null, closingResults: [] });
  });

  it('changes nothing when the last assistant message has no tool call', () => {
    const messages = [user('u', 'hi'), assistant('a', 'hello')];
    expect(closeOpenToolCalls(messages, 2)).toEqual({
      length: 2,
      closedAssistant: null,
      openCallIds: [],
      closingResults: [],
      sealed: false,
      toolMessagesOnly: false,
    });
  });

  it('yields an empty seed for a history made only of tool messages', () => {
    const messages = [toolResults('r', [{ id: 'a', tool: 't', output: 'x' }])];
    expect(closeOpenToolCalls(messages, 1)).toMatchObject({ length: 0, toolMessagesOnly: true });
    expect(closeOpenToolCalls([], 0)).toMatchObject({ length: 0, toolMessagesOnly: false });
  });
});
