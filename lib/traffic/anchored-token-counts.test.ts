import { describe, expect, it } from 'vitest';
import type { CacheRequest } from '@/lib/provider-cache/cache-request';
import { anchoredRequest } from './anchored-token-counts';

const request = (tokens: number[]): CacheRequest => ({
  model: 'claude-sonnet-4-6',
  segments: tokens.map((count, at) => ({ key: `k${at}`, path: `messages[${at}]`, blocks: 1, tokens: count })),
});
const counts = (fitted: CacheRequest) => fitted.segments.map((segment) => segment.tokens);

describe('anchoredRequest', () => {
  it('fits each stretch between counted prefixes to the count, keeping the offline proportions inside it', () => {
    // Offline 10 | 30 | 20 | 40; the provider counted 60 for the first two and the report says 200 in all.
    expect(counts(anchoredRequest(request([10, 30, 20, 40]), [{ depth: 2, tokens: 60 }], 200))).toEqual([15, 45, 140 * (20 / 60), 140 * (40 / 60)]);
  });

  it('takes the counted end when there is no reported total, and the reported total over it when there is', () => {
    const anchors = [
      { depth: 1, tokens: 5 },
      { depth: 2, tokens: 25 },
    ];
    expect(counts(anchoredRequest(request([10, 10]), anchors, null))).toEqual([5, 20]);
    expect(counts(anchoredRequest(request([10, 10]), anchors, 30))).toEqual([5, 25]);
  });

  it('holds a count that runs backwards level, and never lets a prefix pass the reported total', () => {
    expect(
      counts(
        anchoredRequest(
          request([10, 10, 10]),
          [
            { depth: 1, tokens: 50 },
            { depth: 2, tokens: 40 },
          ],
          null,
        ),
      ),
    ).toEqual([50, 0, 10]);
    expect(counts(anchoredRequest(request([10, 10]), [{ depth: 1, tokens: 90 }], 60))).toEqual([60, 0]);
  });

  it('spreads a stretch evenly over segments the offline count found empty, and leaves a request with nothing counted as it was', () => {
    expect(counts(anchoredRequest(request([0, 0, 8]), [{ depth: 2, tokens: 6 }], 10))).toEqual([3, 3, 4]);
    const untouched = request([1, 2]);
    expect(anchoredRequest(untouched, [], null)).toBe(untouched);
  });
});
