import { describe, expect, it } from 'vitest';
import type { CacheRequest, CacheSegment } from '@/lib/provider-cache/cache-request';
import { describeDisagreement, disagreementOf, type LeftPrefix, leftPrefixes } from './disagreement';

const segment = (key: string, tokens: number, turnBoundary = false): CacheSegment => ({
  key,
  path: key,
  tokens,
  blocks: 1,
  ...(turnBoundary ? { turnBoundary } : {}),
});
const request = (segments: CacheSegment[]): CacheRequest => ({ model: 'deepseek-chat', segments });
const earlier = (index: number, atMs = index * 3_000) => ({ source: 'run', index, atMs });
const left = (index: number, tokens: number, withAnswer = false): LeftPrefix => ({ earlier: earlier(index), tokens, withAnswer });
const label = ({ index }: { index: number }) => `#${index}`;

describe('leftPrefixes', () => {
  // system, the user's words | the answer (two blocks) | the tool's output | the next answer
  const later = request([
    segment('system', 1000),
    segment('user', 100, true),
    segment('answer', 40),
    segment('answer-tail', 10, true),
    segment('tool', 200, true),
    segment('next', 30),
  ]);

  it('takes an earlier request that is the whole start of this one with the answer this one sends back, up to the next turn boundary', () => {
    const sent = request(later.segments.slice(0, 2));
    expect(leftPrefixes(later, [{ exchange: earlier(0), request: sent, shared: 2 }])).toEqual([left(0, 1150, true)]);
  });

  it('takes only the shared prefix of one that parts from this one, or that no answer follows', () => {
    const parted = request([segment('system', 1000), segment('other', 100, true)]);
    const whole = request(later.segments.slice(0, 5));
    expect(
      leftPrefixes(later, [
        { exchange: earlier(0), request: parted, shared: 1 },
        // A request this one repeats whole leaves all of it: there is no answer of it to add.
        { exchange: earlier(1), request: request([...whole.segments, segment('next', 30)]), shared: 6 },
        { exchange: earlier(2), request: request([segment('elsewhere', 5)]), shared: 0 },
      ]),
    ).toEqual([left(0, 1000), left(1, 1380)]);
  });
});

describe('disagreementOf', () => {
  const lefts = [left(0, 2400, true), left(1, 3500, true)];

  it('names a read longer than anything the log left as written outside it', () => {
    expect(disagreementOf('DeepSeek', 9088, 0, 12_000, [], 600)).toMatchObject({ kind: 'warmed-outside', matched: null, longest: null });
    expect(disagreementOf('DeepSeek', 5000, 3456, 6000, lefts, 300)).toMatchObject({ kind: 'warmed-outside', longest: left(1, 3500, true) });
  });

  it('names a read of nothing where a prefix was left as not served', () => {
    expect(disagreementOf('DeepSeek', 0, 3456, 4000, lefts, 200)).toMatchObject({ kind: 'not-served', longest: left(1, 3500, true) });
  });

  it('finds the older prefix a stale read matches, and tells it from a read no request left', () => {
    expect(disagreementOf('DeepSeek', 2368, 3456, 4000, lefts, 200)).toMatchObject({
      kind: 'older-prefix',
      matched: left(0, 2400, true),
      longest: left(1, 3500, true),
    });
    expect(disagreementOf('DeepSeek', 1200, 3456, 4000, lefts, 200)).toMatchObject({ kind: 'shorter-prefix', matched: null });
  });

  it('names a read past the rule as far as a left prefix, and a small read where the rule reads nothing as counted apart', () => {
    expect(disagreementOf('DeepSeek', 3456, 2304, 4000, lefts, 200)).toMatchObject({ kind: 'read-further', matched: left(1, 3500, true) });
    const small = disagreementOf('Kimi', 150, 0, 4000, [left(0, 200)], 200);
    expect(small).toMatchObject({ kind: 'counted-apart', matched: left(0, 200) });
    expect(describeDisagreement(small, 9_000, label)).toBe(
      'Read 150 tokens of the prefix #0 left, where the rule reads 0: 3.8 points apart, as far as a count scaled from another tokenizer, or a read short of the prefix’s end, can put them.',
    );
  });
});

describe('describeDisagreement', () => {
  it('says which earlier request left the prefix the provider read, and when, in the provider’s terms', () => {
    const stale = disagreementOf('DeepSeek', 2368, 3456, 4000, [left(2, 2400, true), left(3, 3500, true)], 200);
    expect(describeDisagreement(stale, 13_000, label)).toBe(
      'Read 2,368 tokens: what #2 left 0:07 before (2,400 tokens, its input and answer), not the 3,456 the rule reads from #3, sent 0:04 before: DeepSeek served an older prefix than the newest it had been sent.',
    );
    expect(describeDisagreement(disagreementOf('DeepSeek', 0, 3456, 4000, [left(3, 3500)], 200), 900_000, label)).toBe(
      'Read nothing, though #3 had left 3,500 tokens 14:51 before: DeepSeek did not serve a prefix it had been sent, and the log does not say why.',
    );
    expect(describeDisagreement(disagreementOf('OpenAI', 9088, 11_904, 12_000, [left(0, 11_982)], 600), 60_000, label)).toBe(
      'Read 9,088 of the 11,904 tokens the rule reads from #0, and no request in the log left 9,088: OpenAI held a shorter prefix than the requests it had been sent.',
    );
    expect(describeDisagreement(disagreementOf('DeepSeek', 512, 0, 602, [left(7, 601)], 30), 321_000, label)).toBe(
      'Read 512 of the 601 tokens #7 left 5:00 before, where the rule reads 0: DeepSeek read part of that prefix.',
    );
    expect(describeDisagreement(disagreementOf('DeepSeek', 320, 0, 1560, [], 78), 0, label)).toBe(
      'Read 320 tokens where no earlier request in the log shares a prefix with it: requests the log does not hold had written one (an earlier run, another session of the account).',
    );
  });
});
