import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { canonicalJsonInSlices } from './canonical-json-in-slices';

describe('canonicalJsonInSlices', () => {
  it('writes exactly canonicalJson’s text, for any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        expect((await canonicalJsonInSlices(value)).join('')).toBe(canonicalJson(value));
      }),
    );
  });

  it('leaves out what JSON leaves out, and writes an array’s unrepresentable items as null', async () => {
    const value = { b: [1, undefined, () => 0], a: { skip: undefined, fn: () => 0, keep: new Uint8Array([1, 2]) }, at: { toJSON: () => 'x' } };
    expect((await canonicalJsonInSlices(value)).join('')).toBe(canonicalJson(value));
    expect((await canonicalJsonInSlices(value)).join('')).toBe('{"a":{"keep":[1,2]},"at":"x","b":[1,null,null]}');
  });

  it('gives the thread back between an array’s items once a slice has run its time', async () => {
    let clock = 0;
    let gaveWay = 0;
    // Work queued behind the call: it runs before the call ends only if the call gives the thread
    // back (a timer was raced here before, and lost whenever the yields took under a millisecond).
    let done = false;
    const waiting = () =>
      setImmediate(() => {
        gaveWay += 1;
        if (!done) waiting();
      });
    waiting();
    // Each reading of the clock moves it 5 ms on: every third item ends a 12 ms slice.
    const parts = await canonicalJsonInSlices(
      Array.from({ length: 30 }, (_, index) => ({ index })),
      () => (clock += 5),
    );
    done = true;
    expect(parts.join('')).toBe(canonicalJson(Array.from({ length: 30 }, (_, index) => ({ index }))));
    expect(gaveWay).toBeGreaterThan(0);
  });
});
