import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeepFrozen } from '@/lib/fork';
import { joinWorkspace, readStoredPart, splitWorkspace, storedPartOf } from './stored-parts';

/** A part written to a map of slices, as the storage writes each slice to a record of its own. */
async function stored(member: object) {
  const slices = new Map<string, string>();
  const part = await storedPartOf(member, async (array, slice, json) => void slices.set(`${array}:${slice}`, json));
  return { part, slices, read: async (array: number, slice: number) => slices.get(`${array}:${slice}`) };
}

/** Split, store each part, read each back, join: what a save and a load do. */
async function roundTrip(value: unknown): Promise<unknown> {
  const { root, members } = splitWorkspace(value);
  const parts = new Map<string, object>();
  for (const [id, member] of members) {
    const { part, read } = await stored(member);
    parts.set(id, await readStoredPart(structuredClone(part), id, read));
  }
  return joinWorkspace(JSON.parse(JSON.stringify(root)), parts);
}

describe('stored parts', () => {
  it('keeps each deep-frozen history apart from the skeleton, and puts it back where it was', async () => {
    const messages = Array.from({ length: 1_001 }, (_, index) => ({ id: `m${index}`, message: { role: 'user', content: `text ${index}` } }));
    const transcript = deepFreeze({ profile: { name: 'p' }, messages });
    const plan = deepFreeze({ child: { initialMessages: messages.slice(0, 900), tools: [] }, skipped: undefined });
    const value = { sessions: { s: { transcript, selection: { directive: 'x' }, children: [{ plan, ownMessages: deepFreeze(messages.slice(0, 450)) }] } } };
    const { root, members } = splitWorkspace(value);
    expect(root.json).toBe(
      JSON.stringify({ sessions: { s: { transcript: null, selection: { directive: 'x' }, children: [{ plan: null, ownMessages: null }] } } }),
    );
    expect(members.size).toBe(3);
    expect(await roundTrip(value)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('slices long arrays, and the part of a history is the same text JSON.stringify would give once joined', async () => {
    const messages = deepFreeze({ messages: Array.from({ length: 1_000 }, (_, index) => ({ id: `m${index}` })) });
    const { part, slices } = await stored(messages);
    expect(part).toEqual({ json: '{"messages":[]}', arrays: [{ path: ['messages'], slices: 3 }] });
    expect([...slices.keys()]).toEqual(['0:0', '0:1', '0:2']);
    expect([...slices.values()].flatMap((slice) => JSON.parse(slice))).toEqual(messages.messages);
  });

  it('refuses a part whose slice is missing or is not a list', async () => {
    const messages = deepFreeze({ messages: Array.from({ length: 500 }, (_, index) => index) });
    const { part, read } = await stored(messages);
    await expect(readStoredPart(part, 'p', async (array, slice) => (slice === 1 ? undefined : read(array, slice)))).rejects.toThrow(
      'slice 1 of stored part p is missing',
    );
    await expect(readStoredPart(part, 'p', async () => '{"not":"a list"}')).rejects.toThrow('slice 0 of stored part p is not a list');
  });

  it('leaves a part that is not deep-frozen in the skeleton (it could change under its id)', () => {
    const { root, members } = splitWorkspace({ transcript: { messages: ['one'] } });
    expect(members.size).toBe(0);
    expect(root.json).toBe('{"transcript":{"messages":["one"]}}');
  });

  it('gives an unchanged history the same id on every save, and a history read back the id it had', async () => {
    const transcript = deepFreeze({ messages: ['one'] });
    const first = splitWorkspace({ transcript, selection: 'a' }).root.parts[0]!.id;
    expect(splitWorkspace({ transcript, selection: 'b' }).root.parts[0]!.id).toBe(first);
    expect(splitWorkspace({ transcript: deepFreeze({ messages: ['one'] }) }).root.parts[0]!.id).not.toBe(first);
    const { part, read: readSlice } = await stored(transcript);
    const read = await readStoredPart(part, first, readSlice);
    expect(isDeepFrozen(read)).toBe(true);
    expect(splitWorkspace({ transcript: read }).root.parts[0]!.id).toBe(first);
  });

  it('a long history that is itself an array comes back whole', async () => {
    const ownMessages = deepFreeze(Array.from({ length: 999 }, (_, index) => ({ id: `m${index}` })));
    expect(await roundTrip({ ownMessages })).toEqual({ ownMessages });
  });

  it('a key named __proto__ stays a key', async () => {
    const transcript = deepFreeze(JSON.parse('{"messages":[],"__proto__":{"polluted":true}}'));
    const back = (await roundTrip(JSON.parse('{"__proto__":{"x":1},"transcript":null}'))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    const withPart = (await roundTrip({ transcript })) as { transcript: Record<string, unknown> };
    expect(Object.getPrototypeOf(withPart.transcript)).toBe(Object.prototype);
    expect(Object.hasOwn(withPart.transcript, '__proto__')).toBe(true);
  });

  it('agrees with a JSON round trip on any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 1_200 }), fc.jsonValue(), async (items, other) => {
        const value = { transcript: deepFreeze({ messages: items, nested: { list: items } }), other };
        expect(await roundTrip(value)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 30 },
    );
  });
});
