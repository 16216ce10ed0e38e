import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import { arbitraryTranscript } from '../testing/arbitrary-transcript';
import { extendToolPairs, linkToolPairs } from './tool-pairs';

describe('linkToolPairs', () => {
  it('links each call to its result and marks open calls and orphan results', () => {
    const links = linkToolPairs([
      user('u', 'go'),
      toolCalls('c', [
        { id: 'a', tool: 'ls', input: {} },
        { id: 'b', tool: 'read_file', input: { path: 'x' } },
      ]),
      toolResults('r', [{ id: 'a', tool: 'ls', output: 'x' }]),
      toolResults('o', [{ id: 'zzz', tool: 'ls', output: 'y' }]),
    ]);
    expect(links.calls.get(1)).toEqual([
      { toolCallId: 'a', toolName: 'ls', resultIndex: 2 },
      { toolCallId: 'b', toolName: 'read_file', resultIndex: null },
    ]);
    expect(links.results.get(2)).toEqual([{ toolCallId: 'a', callIndex: 1 }]);
    expect(links.results.get(3)).toEqual([{ toolCallId: 'zzz', callIndex: null }]);
  });
});

describe('extendToolPairs', () => {
  it('from the links of any prefix gives the links of the whole, and leaves the prefix’s links as they were', () => {
    fc.assert(
      fc.property(
        arbitraryTranscript.chain((messages) => fc.tuple(fc.constant(messages), fc.integer({ min: 0, max: messages.length }))),
        ([messages, split]) => {
          const known = linkToolPairs(messages.slice(0, split));
          const before = structuredClone(known);
          expect(extendToolPairs(known, split, messages)).toEqual(linkToolPairs(messages));
          expect(known).toEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  });
});
