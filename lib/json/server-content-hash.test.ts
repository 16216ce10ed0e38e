import { describe, expect, it } from 'vitest';
import { contentHash } from './content-hash';
import { serverContentHash } from './server-content-hash';

describe('serverContentHash', () => {
  it('gives the digest contentHash gives, for text beyond ASCII, emoji, lone surrogates and key order', async () => {
    const values = [
      { messages: [{ id: 'a', message: { role: 'user', content: 'Grüße, 你好 🙂 — \u2028 tab\t' } }], profile: { b: 1, a: [null, true, 1.5] } },
      ['\ud83d', '\ude42', 'x\ud800y'],
      { z: undefined, y: () => 1, x: new Uint8Array([1, 2]) },
      'plain',
      [],
    ];
    for (const value of values) expect(await serverContentHash(value)).toBe(await contentHash(value));
    expect(await serverContentHash({ a: 1, b: 2 })).toBe(await serverContentHash({ b: 2, a: 1 }));
  });
});
