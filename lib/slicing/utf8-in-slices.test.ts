import { describe, expect, it } from 'vitest';
import { utf8InSlices } from './utf8-in-slices';

describe('utf8InSlices', () => {
  it('is the UTF-8 of the joined parts, however they are grouped', async () => {
    const parts = ['{"a":', '"héllo ✓ 𝄞"', ',"b":[1,2]', '}'];
    for (const group of [1, 3, 1 << 18]) {
      expect(await utf8InSlices(parts, group)).toEqual(new TextEncoder().encode(parts.join('')));
    }
  });
});
