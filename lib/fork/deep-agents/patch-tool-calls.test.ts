import { describe, expect, it } from 'vitest';
import { toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { copyToChild } from '../planning/child-message-copies';
import type { TranscriptMessage } from '../transcript/transcript';
import { cancelledCallText, patchToolCalls } from './patch-tool-calls';

const copies = (messages: TranscriptMessage[]) => messages.map((entry, index) => copyToChild(entry.message, entry.meta, [index], messages));

describe('the fork’s patch-tool-calls middleware', () => {
  it('passes a balanced history unchanged', () => {
    const messages = [user('u', 'go'), toolCalls('c', [{ id: 'a', tool: 'ls', input: {} }]), toolResults('r', [{ id: 'a', tool: 'ls', output: 'x' }])];
    expect(patchToolCalls(copies(messages))).toEqual({ messages: copies(messages), closed: new Set(), dropped: new Set() });
  });

  it('answers each call nothing later answers, right after its message, in the package’s words', () => {
    const messages = [
      toolCalls('c', [
        { id: 'a', tool: 'ls', input: {} },
        { id: 'b', tool: 'grep', input: {} },
      ]),
      toolResults('r', [{ id: 'a', tool: 'ls', output: 'x' }]),
      user('u', 'next'),
    ];
    const patched = patchToolCalls(copies(messages));
    expect(patched.messages.map((entry) => entry.message.role)).toEqual(['assistant', 'tool', 'tool', 'user']);
    expect(patched.messages[1]).toEqual({
      message: {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'b', toolName: 'grep', output: { type: 'text', value: cancelledCallText('grep', 'b') } }],
      },
      source: { kind: 'synthetic', rule: 'open-call-closed', toolCallIds: ['b'] },
    });
    expect(cancelledCallText('grep', 'b')).toBe('Tool call grep with id b was cancelled - another message came in before it could be completed.');
    expect(patched.closed).toEqual(new Set([0]));
  });

  it('removes results no call asked for: a message of them only is left out, a mixed one keeps the rest', () => {
    const messages = [
      user('u', 'go'),
      toolResults('orphan', [{ id: 'gone', tool: 'ls', output: 'x' }]),
      toolCalls('c', [{ id: 'a', tool: 'ls', input: {} }]),
      toolResults('mixed', [
        { id: 'a', tool: 'ls', output: 'y' },
        { id: 'gone-too', tool: 'ls', output: 'z' },
      ]),
    ];
    const patched = patchToolCalls(copies(messages));
    expect(patched.dropped).toEqual(new Set([1]));
    expect(patched.messages.map((entry) => (entry.source.kind === 'copy' ? [entry.source.parentIndexes[0], entry.source.change ?? null] : null))).toEqual([
      [0, null],
      [2, null],
      [3, 'stripped'],
    ]);
    expect(patched.messages[2]!.message.content).toEqual([{ type: 'tool-result', toolCallId: 'a', toolName: 'ls', output: { type: 'text', value: 'y' } }]);
  });
});
