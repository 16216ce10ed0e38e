import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkToolPairs } from '@/lib/fork';
import { toolCalls, toolResults } from '@/lib/scenarios/transcript-builders';
import { pairHue } from './pair-hue';

/** Ids as the providers and Fork Lab write them: a prefix and a random or counted tail. */
const realisticId = fc
  .tuple(fc.constantFrom('call_', 'toolu_01', 'fc_', 'fork-lab-call-', ''), fc.stringMatching(/^[A-Za-z0-9]{8,24}$/))
  .map(([prefix, tail]) => prefix + tail);

const ID_FAMILIES: Record<string, (n: number) => string> = {
  counted: (n) => `call-${n}`,
  'fork lab': (n) => `fork-lab-call-${n}`,
  openai: (n) => `call_${((n * 2654435761) >>> 0).toString(36)}`,
};

/** How many of 100 ids' hues are distinct, and how many fall in each 60° sector of the wheel. */
function spread(ids: readonly string[]): { distinct: number; sectors: number[] } {
  const hues = ids.map(pairHue);
  const sectors = [0, 0, 0, 0, 0, 0];
  for (const hue of hues) sectors[Math.floor(hue / 60)]! += 1;
  return { distinct: new Set(hues).size, sectors };
}

describe('pairHue', () => {
  it('is a whole number of degrees on the colour wheel, [0, 360), for any id, however long', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 2000 }), realisticId), (id) => {
        const hue = pairHue(id);
        expect(Number.isInteger(hue)).toBe(true);
        expect(hue).toBeGreaterThanOrEqual(0);
        expect(hue).toBeLessThan(360);
      }),
      { numRuns: 500 },
    );
  });

  // A call's row and its result's row are drawn apart, each asking for the hue of its own copy of
  // the id: the hue must come from the id alone, never from what was coloured before.
  it('gives equal ids the same hue whatever other ids were coloured in between', () => {
    fc.assert(
      fc.property(realisticId, fc.array(realisticId, { maxLength: 20 }), (id, others) => {
        const first = pairHue(id);
        for (const other of others) pairHue(other);
        expect(pairHue([...id].join(''))).toBe(first);
      }),
    );
    const rows = linkToolPairs([
      toolCalls('c', [
        { id: 'toolu_01A', tool: 'ls', input: {} },
        { id: 'toolu_01B', tool: 'ls', input: {} },
      ]),
      toolResults('r', [
        { id: 'toolu_01B', tool: 'ls', output: 'b' },
        { id: 'toolu_01A', tool: 'ls', output: 'a' },
      ]),
    ]);
    const callHues = rows.calls.get(0)!.map((call) => pairHue(call.toolCallId));
    const resultHues = rows.results.get(1)!.map((result) => pairHue(result.toolCallId));
    expect(resultHues).toEqual([callHues[1], callHues[0]]);
    expect(callHues[0]).not.toBe(callHues[1]);
  });

  it('spreads 100 distinct ids over the whole wheel, so neighbouring pairs rarely share a colour', () => {
    for (const [family, idOf] of Object.entries(ID_FAMILIES)) {
      const { distinct, sectors } = spread(Array.from({ length: 100 }, (_, n) => idOf(n)));
      expect(distinct, family).toBeGreaterThanOrEqual(80);
      // Counted ids differ only in their last digits, so their hues fill a band rather than the wheel.
      expect(sectors.filter((count) => count > 0).length, `${family}: ${sectors.join(', ')}`).toBeGreaterThanOrEqual(4);
    }
    fc.assert(
      fc.property(fc.uniqueArray(realisticId, { minLength: 100, maxLength: 100 }), (ids) => {
        const { distinct, sectors } = spread(ids);
        // 100 ids thrown uniformly at 360 hues land on about 87 distinct ones, and on each sector about 17 times.
        expect(distinct).toBeGreaterThanOrEqual(65);
        for (const count of sectors) expect(count).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 50 },
    );
  });
});
