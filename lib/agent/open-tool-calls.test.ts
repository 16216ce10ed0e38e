import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkToolPairs, type ParentTranscript, type TranscriptMessage } from '@/lib/fork';
import { openToolCalls } from './open-tool-calls';

const profile: ParentTranscript['profile'] = { agentId: 'main', name: 'main', systemInstruction: '', tools: [], model: 'm', depth: 0 };

function parentOf(messages: TranscriptMessage[]): ParentTranscript {
  return { profile, messages };
}

/** Open calls as the timeline's links say: every call no result was linked to. */
function openByLinks(parent: ParentTranscript) {
  return [...linkToolPairs(parent.messages).calls]
    .sort(([a], [b]) => a - b)
    .flatMap(([index, calls]) => calls.filter((call) => call.resultIndex === null).map(({ toolCallId, toolName }) => ({ index, toolCallId, toolName })));
}

// A few ids, so calls repeat an id, results come before their call, answer twice or answer nothing.
const id = fc.constantFrom('a', 'b', 'c');
const call = id.map((toolCallId) => ({ type: 'tool-call' as const, toolCallId, toolName: `tool-${toolCallId}`, input: {} }));
const result = id.map((toolCallId) => ({
  type: 'tool-result' as const,
  toolCallId,
  toolName: `tool-${toolCallId}`,
  output: { type: 'text' as const, value: 'ok' },
}));
const message: fc.Arbitrary<TranscriptMessage['message']> = fc.oneof(
  fc
    .array(fc.oneof(call, fc.constant({ type: 'text' as const, text: 'thinking' })), { maxLength: 3 })
    .map((content) => ({ role: 'assistant' as const, content })),
  fc.array(result, { minLength: 1, maxLength: 3 }).map((content) => ({ role: 'tool' as const, content })),
  fc.constant({ role: 'user' as const, content: 'next' }),
);

describe('openToolCalls', () => {
  it('names the calls the timeline leaves unlinked, in the parent’s order', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (messages) => {
        const parent = parentOf(messages.map((entry, index) => ({ id: `m${index}`, message: entry })));
        expect(openToolCalls(parent)).toEqual(openByLinks(parent));
      }),
      { numRuns: 2000 },
    );
  });

  it('lets a result answer only a call made before it, and only once', () => {
    const parent = parentOf([
      { id: 'r0', message: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'read', output: { type: 'text', value: 'early' } }] } },
      {
        id: 'c1',
        message: {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'a', toolName: 'read', input: {} },
            { type: 'tool-call', toolCallId: 'a', toolName: 'read', input: {} },
          ],
        },
      },
      { id: 'r2', message: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'read', output: { type: 'text', value: 'once' } }] } },
    ]);
    expect(openToolCalls(parent)).toEqual([{ index: 1, toolCallId: 'a', toolName: 'read' }]);
  });
});
