import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBodyInSlices } from './json-body-in-slices';

describe('jsonBodyInSlices', () => {
  it('is exactly the JSON of the wrapped value, for any items and any other members', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 1_000 }), fc.dictionary(fc.string(), fc.jsonValue()), async (messages, other) => {
        const value = { ...other, messages };
        const body = await jsonBodyInSlices('transcript', value, 'messages');
        expect(await body.text()).toBe(JSON.stringify({ transcript: value }));
      }),
      { numRuns: 40 },
    );
  });

  it('gives the page a turn between slices', async () => {
    // Other work waiting its turn: it runs only when the job gives the event loop one.
    let turns = 0;
    let waiting = true;
    const other = () => {
      turns++;
      if (waiting) setImmediate(other);
    };
    setImmediate(other);
    const body = await jsonBodyInSlices(
      'transcript',
      { profile: {}, messages: Array.from({ length: 2_000 }, (_, index) => ({ id: `m${index}` })) },
      'messages',
    );
    waiting = false;
    expect(JSON.parse(await body.text()).transcript.messages).toHaveLength(2_000);
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('refuses a value whose member is not an array', async () => {
    await expect(jsonBodyInSlices('transcript', { messages: 'no' }, 'messages')).rejects.toThrow('messages must be an array');
  });
});
