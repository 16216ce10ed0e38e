import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TranscriptValidationError } from '../errors';
import { arbitraryTranscript } from '../testing/arbitrary-transcript';
import { checkParentTranscript, parseParentTranscript } from './transcript-schema';

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    if (error instanceof TranscriptValidationError) return { issues: error.issues };
    throw error;
  }
}

/** Ways a message can be wrong, each applied to a valid transcript. */
const BREAKAGES: ((messages: unknown[]) => unknown[])[] = [
  (messages) => [...messages, { id: '', message: { role: 'user', content: 'x' } }],
  (messages) => [...messages, { id: 'z', message: { role: 'robot', content: 'x' } }],
  (messages) => [{ id: 'z', message: { role: 'user', content: [{ type: 'text' }] } }, ...messages],
  (messages) => [...messages, { id: 'z', message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: () => 1 }] } }],
  (messages) => [...messages, { id: 'z', message: { role: 'user', content: 'x' }, extra: true }],
  (messages) => (messages.length === 0 ? messages : [...messages, messages[0]]),
];

describe('checkParentTranscript', () => {
  it('accepts exactly what parseParentTranscript accepts, with the same result and the same issues', () => {
    fc.assert(
      fc.property(arbitraryTranscript, fc.integer({ min: -1, max: BREAKAGES.length - 1 }), (transcript, breakage) => {
        const input = { messages: breakage === -1 ? transcript : BREAKAGES[breakage]!(transcript) };
        expect(outcome(() => checkParentTranscript(input as never))).toEqual(outcome(() => parseParentTranscript(input)));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the messages it was given instead of copying them, and fills the profile defaults', () => {
    const messages = [{ id: 'u1', message: { role: 'user' as const, content: 'hi' } }];
    const checked = checkParentTranscript({ messages });
    expect(checked.messages).toBe(messages);
    expect(checked.messages[0]).toBe(messages[0]);
    expect(checked.profile).toEqual(parseParentTranscript({ messages }).profile);
  });

  it('names a bad profile the way parseParentTranscript does', () => {
    const input = { profile: { depth: -1 }, messages: [] };
    expect(outcome(() => checkParentTranscript(input))).toEqual(outcome(() => parseParentTranscript(input)));
  });
});
