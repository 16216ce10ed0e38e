import { describe, expect, it } from 'vitest';
import { blobInSlices } from './blob-in-slices';

describe('blobInSlices', () => {
  it('is a Blob of the UTF-8 of the joined parts, however they are grouped, with its type', async () => {
    const parts = ['{"a":', '"héllo ✓ 𝄞"', ',"b":[1,2]', '}'];
    for (const group of [1, 3, 1 << 18]) {
      const blob = await blobInSlices(parts, 'application/json', group);
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new TextEncoder().encode(parts.join('')));
      expect(blob.type).toBe('application/json');
    }
  });

  it('is an empty Blob of no parts', async () => {
    expect((await blobInSlices([], 'application/json')).size).toBe(0);
  });
});
