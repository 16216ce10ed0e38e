import { describe, expect, it } from 'vitest';
import { pairJumps } from './pair-jumps';

describe('pairJumps', () => {
  it('links each call to its result and each result back to its call, calls first', () => {
    expect(pairJumps([{ toolCallId: 'c1', toolName: 'read_file', resultIndex: 5 }], [{ toolCallId: 'c0', callIndex: 2 }])).toEqual([
      { key: 'c-c1', toolCallId: 'c1', target: 5, title: 'Result of read_file is #5', text: 'read_file → #5' },
      { key: 'r-c0', toolCallId: 'c0', target: 2, title: 'Answers the call at #2', text: '← #2' },
    ]);
  });

  it('says so when the other end is missing, with nowhere to jump', () => {
    expect(pairJumps([{ toolCallId: 'c1', toolName: 'grep', resultIndex: null }], [{ toolCallId: 'c9', callIndex: null }])).toEqual([
      { key: 'c-c1', toolCallId: 'c1', target: null, title: 'grep (c1) has no result yet', text: 'grep → open' },
      { key: 'r-c9', toolCallId: 'c9', target: null, title: 'No call c9 before this result', text: '← no call' },
    ]);
  });

  it('offers nothing for a row without calls or results', () => {
    expect(pairJumps(undefined, undefined)).toEqual([]);
  });
});
