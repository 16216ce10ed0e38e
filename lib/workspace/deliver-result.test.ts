import { describe, expect, it } from 'vitest';
import { classifyMessages, FORK_PLACEHOLDER_RESULT } from '@/lib/fork';
import { parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { acknowledgeLaunch, deliverChildResult } from './deliver-result';

const parent = parentOf([user('u1', 'Fork a worker.'), toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { prompt: 'x' } }])]);

describe('acknowledgeLaunch', () => {
  it('answers a Qwen fork’s open Agent call with the placeholder at once', () => {
    const next = acknowledgeLaunch(parent, 'qwen-fork-turns', 'call-1');
    expect(next.messages.at(-1)).toEqual({
      id: 'r3',
      message: {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'agent', output: { type: 'text', value: FORK_PLACEHOLDER_RESULT } }],
      },
    });
    expect(parent.messages).toHaveLength(2);
  });

  it('leaves the call open for the other runtimes, and leaves an answered call alone', () => {
    expect(acknowledgeLaunch(parent, 'kimi-fork', 'call-1')).toBe(parent);
    const answered = acknowledgeLaunch(parent, 'qwen-fork-turns', 'call-1');
    expect(acknowledgeLaunch(answered, 'qwen-fork-turns', 'call-1')).toBe(answered);
  });
});

describe('deliverChildResult', () => {
  it('answers the open Agent call with the child’s final output', () => {
    const next = deliverChildResult(parent, { name: 'child 1', agentCallId: 'call-1', output: 'Found it.' });
    expect(next.messages.at(-1)!.message).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'agent', output: { type: 'text', value: 'Found it.' } }],
    });
  });

  it('sends a notification reminder when the call was already answered, which is not a real turn', () => {
    const answered = acknowledgeLaunch(parent, 'qwen-fork-turns', 'call-1');
    const next = deliverChildResult(answered, { name: 'child 1', agentCallId: 'call-1', output: 'Found it.' });
    expect(next.messages.at(-1)!.message).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '<system-reminder>\nThe forked agent "child 1" finished. Its result:\nFound it.\n</system-reminder>' }],
    });
    expect(classifyMessages(next.messages).at(-1)!.kind).toBe('pure-reminder');
  });

  it('puts a result right after its call, before a user message that arrived meanwhile', () => {
    const queued = parentOf([...parent.messages, user('u2', 'And leap years?')]);
    const next = acknowledgeLaunch(queued, 'qwen-fork-turns', 'call-1');
    expect(next.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(next.messages[3]!.id).toBe('u2');
  });
});
