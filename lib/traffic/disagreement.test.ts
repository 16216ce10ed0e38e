import { describe, expect, it } from 'vitest';
import type { CacheRequest, CacheSegment } from '@/lib/provider-cache/cache-request';
import { describeDisagreement, disagreementOf, type LeftPrefix, leftPrefixes } from './disagreement';

const segment = (key: string, tokens: number, marks: Pick<CacheSegment, 'turnBoundary' | 'modelTurn'> = {}): CacheSegment => ({
  key,
  path: key,
  tokens,
  blocks: 1,
  ...marks,
});
const request = (segments: readonly CacheSegment[]): CacheRequest => ({ model: 'deepseek-chat', segments });
const earlier = (index: number, atMs = index * 3_000) => ({ source: 'run', index, atMs });
const left = (index: number, tokens: number, withAnswer = false): LeftPrefix => ({ earlier: earlier(index), tokens, withAnswer });
const label = ({ index }: { index: number }) => `#${index}`;

describe('leftPrefixes', () => {
  // system, the user's words | the answer (two blocks) | the tool's output | the next answer
  const later = request([
    segment('system', 1000),
    segment('user', 100, { turnBoundary: true }),
    segment('answer', 40, { modelTurn: true }),
    segment('answer-tail', 10, { modelTurn: true, turnBoundary: true }),
    segment('tool', 200, { turnBoundary: true }),
    segment('next', 30, { modelTurn: true }),
  ]);

  it('adds the answer this request sends back to an earlier request that is its whole start, where the provider caches output', () => {
    const sent = request(later.segments.slice(0, 2));
    const shared = [{ exchange: earlier(0), request: sent, shared: 2 }];
    expect(leftPrefixes(later, shared, true)).toEqual([left(0, 1150, true)]);
    // Anthropic and OpenAI keep no answer: what was left is what was sent.
    expect(leftPrefixes(later, shared, false)).toEqual([left(0, 1100)]);
  });

  it('adds nothing to one that parts from this request, or one this request repeats whole, and only the model’s turn to one that ended inside it', () => {
    const whole = request(later.segments);
    // A prefilled request ended inside the model's turn: the rest of that turn is its answer, the tool's output after it is not.
    const prefilled = request(later.segments.slice(0, 3));
    const partedInside = request([segment('system', 1000), segment('user', 100, { turnBoundary: true }), segment('other', 5)]);
    expect(
      leftPrefixes(
        later,
        [
          { exchange: earlier(0), request: request([segment('system', 1000), segment('other', 100)]), shared: 1 },
          { exchange: earlier(1), request: whole, shared: 6 },
          { exchange: earlier(2), request: request([segment('elsewhere', 5)]), shared: 0 },
          { exchange: earlier(3), request: prefilled, shared: 3 },
          { exchange: earlier(4), request: partedInside, shared: 2 },
        ],
        true,
      ),
    ).toEqual([left(0, 1000), left(1, 1380), left(3, 1150, true), left(4, 1100)]);
  });
});

describe('disagreementOf', () => {
  const lefts = [left(0, 2400, true), left(1, 3500, true)];

  it('names a read longer than the rule reads and than anything the log left as written outside it', () => {
    expect(disagreementOf('OpenAI', 9088, 0, 12_000, [], 600)).toMatchObject({ kind: 'warmed-outside', matched: null, longest: null });
    expect(disagreementOf('DeepSeek', 5000, 3456, 6000, lefts, 300)).toMatchObject({ kind: 'warmed-outside', longest: left(1, 3500, true) });
    // Up to the tolerance past the longest prefix is that prefix, counted otherwise.
    expect(disagreementOf('DeepSeek', 3800, 2304, 6000, lefts, 300)).toMatchObject({ kind: 'read-further', matched: left(1, 3500, true) });
    // A rule that reads more than the recent requests left (a cache the request names) is no sign of warmth outside.
    expect(disagreementOf('Gemini', 500, 1000, 1200, [], 60)).toMatchObject({ kind: 'shorter-prefix', matched: null });
  });

  it('names a read of nothing as not served', () => {
    expect(disagreementOf('DeepSeek', 0, 3456, 4000, lefts, 200)).toMatchObject({ kind: 'not-served', longest: left(1, 3500, true) });
  });

  it('finds the older prefix a stale read matches, and tells it from a read no request left or one a newer, shorter request left', () => {
    expect(disagreementOf('DeepSeek', 2368, 3456, 4000, lefts, 200)).toMatchObject({
      kind: 'older-prefix',
      matched: left(0, 2400, true),
      longest: left(1, 3500, true),
    });
    expect(disagreementOf('DeepSeek', 1200, 3456, 4000, lefts, 200)).toMatchObject({ kind: 'shorter-prefix', matched: null });
    const newerShorter = [left(1, 3500), left(2, 2400)];
    expect(disagreementOf('DeepSeek', 2368, 3456, 4000, newerShorter, 200)).toMatchObject({ kind: 'shorter-prefix', matched: left(2, 2400) });
  });

  it('takes the nearest left prefix, the latest of equals, within the tolerance and not past it', () => {
    const twins = [left(0, 2400), left(1, 2400), left(2, 3500)];
    expect(disagreementOf('DeepSeek', 2368, 3456, 4000, twins, 200).matched).toEqual(left(1, 2400));
    expect(disagreementOf('DeepSeek', 2200, 3456, 4000, twins, 200).matched).toEqual(left(1, 2400));
    expect(disagreementOf('DeepSeek', 2199, 3456, 4000, twins, 200).matched).toBeNull();
    expect(disagreementOf('DeepSeek', 2368, 3456, 4000, [left(0, 3500), left(1, 3500)], 200).longest).toEqual(left(1, 3500));
  });

  it('names a read past the rule, and a read within the tolerance of the rule’s on either side as counted apart', () => {
    expect(disagreementOf('DeepSeek', 3456, 2304, 4000, lefts, 200)).toMatchObject({ kind: 'read-further', matched: left(1, 3500, true) });
    expect(disagreementOf('Kimi', 150, 0, 4000, [left(0, 200)], 200)).toMatchObject({ kind: 'counted-apart', matched: left(0, 200) });
    expect(disagreementOf('Kimi', 3300, 3500, 4000, lefts, 200)).toMatchObject({ kind: 'counted-apart' });
    expect(disagreementOf('Kimi', 3299, 3500, 4000, lefts, 200)).toMatchObject({ kind: 'shorter-prefix' });
  });
});

describe('describeDisagreement', () => {
  const say = (disagreement: ReturnType<typeof disagreementOf>, atMs: number) => describeDisagreement(disagreement, atMs, label);

  it('says which earlier request left the prefix the provider read, and when, in the provider’s terms', () => {
    expect(say(disagreementOf('DeepSeek', 2368, 3456, 4000, [left(2, 2400, true), left(3, 3500, true)], 200), 13_000)).toBe(
      'Read 2,368 tokens: what #2 left 0:07 before (about 2,400 tokens, its input and answer), not what #3 left 0:04 before (about 3,500 tokens, its input and answer), where the rule reads 3,456: DeepSeek served an older prefix than the newest it had been sent.',
    );
    expect(say(disagreementOf('DeepSeek', 2368, 3456, 4000, [left(1, 3500), left(2, 2400)], 200), 13_000)).toBe(
      'Read 2,368 tokens, what #2 left 0:07 before (about 2,400 tokens), where the rule reads 3,456: DeepSeek served a shorter prefix than the longest it had been sent.',
    );
    expect(say(disagreementOf('DeepSeek', 0, 3456, 4000, [left(3, 3500)], 200), 900_000)).toBe(
      'Read nothing, though #3 had left about 3,500 tokens 14:51 before: DeepSeek did not serve a prefix it had been sent, and the log does not say why.',
    );
    expect(say(disagreementOf('OpenAI', 9088, 11_904, 12_000, [left(0, 11_982)], 600), 60_000)).toBe(
      'Read 9,088 of the 11,904 tokens the rule reads (#0 left about 11,982), and no request in the log left 9,088: OpenAI held a shorter prefix than the requests it had been sent.',
    );
    expect(say(disagreementOf('DeepSeek', 512, 0, 602, [left(7, 601)], 30), 321_000)).toBe(
      'Read 512 of about 601 tokens #7 left 5:00 before, where the rule reads 0: DeepSeek read part of that prefix.',
    );
    expect(say(disagreementOf('DeepSeek', 5824, 5312, 6200, [left(7, 5886, true)], 310), 31_000)).toBe(
      'Read 5,824 tokens, as much as #7 left 0:10 before (about 5,886 tokens, its input and answer), where the rule reads 5,312.',
    );
  });

  it('says a read no request in the log could have left was written outside it', () => {
    expect(say(disagreementOf('DeepSeek', 320, 0, 1560, [], 78), 0)).toBe(
      'Read 320 tokens where no earlier request in the log shares a prefix with it: requests the log does not hold had written one (an earlier run, another session of the account).',
    );
    expect(say(disagreementOf('Anthropic', 8845, 4227, 9300, [], 465), 0)).toBe(
      'Read 8,845 tokens, more than the 4,227 the rule reads, where no earlier request in the log shares a prefix with it: requests the log does not hold had written one (an earlier run, another session of the account).',
    );
    expect(say(disagreementOf('Gemini', 204, 40, 373, [left(0, 40)], 18), 3_000)).toBe(
      'Read 204 tokens, more than any earlier request in the log left it (#0, about 40 tokens): requests the log does not hold had written a longer prefix (an earlier run, another session of the account).',
    );
  });

  it('says a read within the points of the rule’s, and a read of nothing with no earlier request, plainly', () => {
    expect(say(disagreementOf('Kimi', 150, 0, 4000, [left(0, 200)], 200), 9_000)).toBe(
      'Read 150 tokens where the rule reads 0: 3.8 points apart, as far as a count scaled from another tokenizer, or a read short of a prefix’s end, can put them.',
    );
    expect(say(disagreementOf('Gemini', 0, 3512, 3520, [], 176), 0)).toBe('Read nothing where the rule reads 3,512.');
  });
});
