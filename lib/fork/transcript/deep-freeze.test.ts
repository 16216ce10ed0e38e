import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyUnlessFrozen } from './deep-clone';
import { deepFreeze, deepFreezeParsed, FrozenListBuilder, isDeepFrozen } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes everything it reaches and vouches for every object of the graph', () => {
    const message = { role: 'user', content: [{ type: 'text', text: 'hi' }], providerOptions: { x: { y: [1] } } };
    const transcript = deepFreeze({ messages: [{ id: 'u1', message }] });
    expect(() => {
      (message.content[0] as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(() => transcript.messages.push({} as never)).toThrow(TypeError);
    for (const object of [transcript, transcript.messages, message, message.content, message.content[0], message.providerOptions.x.y]) {
      expect(isDeepFrozen(object)).toBe(true);
    }
  });

  it('says primitives are deep-frozen and objects it did not freeze are not, frozen or not', () => {
    expect([1, 'a', null, undefined, true, 2n].every(isDeepFrozen)).toBe(true);
    expect(isDeepFrozen({})).toBe(false);
    expect(isDeepFrozen(Object.freeze({}))).toBe(false);
  });

  it('does not vouch for a frozen object holding a writable one, nor for anything holding that', () => {
    const bytes = new Uint8Array([1, 2]);
    const part = { type: 'image', image: bytes };
    const text = { type: 'text', text: 'caption' };
    const message = deepFreeze({ role: 'user', content: [part, text] });
    expect(Object.isFrozen(part)).toBe(true);
    bytes[0] = 9;
    expect(part.image[0]).toBe(9);
    expect([part, message.content, message].some(isDeepFrozen)).toBe(false);
    expect(isDeepFrozen(text)).toBe(true);
  });

  it('does not vouch for objects whose state is not their own properties, nor for getters', () => {
    const date = new Date(0);
    const withDate = deepFreeze({ at: date });
    date.setTime(5);
    expect(isDeepFrozen(withDate)).toBe(false);
    expect(isDeepFrozen(deepFreeze({ url: new URL('https://example.com/') }))).toBe(false);
    expect(isDeepFrozen(deepFreeze(new (class Part {})()))).toBe(false);

    const inner = { n: 1 };
    const withGetter = deepFreeze(
      Object.defineProperty({}, 'part', {
        get: () => inner,
        enumerable: true,
      }),
    );
    expect(isDeepFrozen(withGetter)).toBe(false);
    inner.n = 2;
    expect(isDeepFrozen(deepFreeze(Object.defineProperty({}, 'hidden', { value: { n: 1 }, enumerable: false })))).toBe(true);
    const symbolHeld = { n: 1 };
    expect(isDeepFrozen(deepFreeze({ [Symbol('s')]: symbolHeld }))).toBe(true);
    expect(Object.isFrozen(symbolHeld)).toBe(true);
  });

  it('walks into objects that were frozen already, so a shallow freeze does not hide a writable child', () => {
    const child = { n: 1 };
    const parent = Object.freeze({ child });
    deepFreeze({ parent });
    expect(Object.isFrozen(child)).toBe(true);
    expect(isDeepFrozen(parent)).toBe(true);
  });

  it('vouches for an object reached twice, and freezes but never vouches for a cycle', () => {
    const shared = { text: 'same' };
    const dag = deepFreeze({ a: shared, b: [shared] });
    expect(isDeepFrozen(dag)).toBe(true);

    const loop: { self?: unknown; leaf: { n: number } } = { leaf: { n: 1 } };
    loop.self = loop;
    deepFreeze(loop);
    expect(Object.isFrozen(loop)).toBe(true);
    expect(isDeepFrozen(loop)).toBe(false);
    expect(isDeepFrozen(loop.leaf)).toBe(true);
  });

  it('handles deep nesting without recursion', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let level = 0; level < 100_000; level += 1) {
      const next: Record<string, unknown> = {};
      deep.next = next;
      deep = next;
    }
    deepFreeze(root);
    expect(Object.isFrozen(deep)).toBe(true);
    expect(isDeepFrozen(root)).toBe(true);
  });
});

/** Every object a value reaches, itself first, each with how many levels below the value it stands. */
function objectsOf(value: unknown, level = 0): { object: object; level: number }[] {
  if (typeof value !== 'object' || value === null) return [];
  return [{ object: value, level }, ...Object.values(value).flatMap((child) => objectsOf(child, level + 1))];
}

describe('deepFreezeParsed', () => {
  it('freezes all JSON.parse made, and vouches for the value and the two levels below it', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const parsed = JSON.parse(text) as unknown;
        expect(deepFreezeParsed(parsed)).toBe(parsed);
        for (const { object, level } of objectsOf(parsed)) {
          expect(Object.isFrozen(object)).toBe(true);
          expect(isDeepFrozen(object)).toBe(level <= 2);
        }
      }),
    );
  });

  it('vouches for a history entry, its message and its content, so a plan shares them', () => {
    const entry = deepFreezeParsed(JSON.parse('{"id":"u1","message":{"role":"user","content":[{"type":"text","text":"hi"}]},"meta":{"kind":"x"}}'));
    expect([entry, entry.message, entry.meta, entry.message.content].every(isDeepFrozen)).toBe(true);
    expect(copyUnlessFrozen(entry.message)).toBe(entry.message);
  });

  it('keeps the `__proto__` key JSON can hold as a value of its own, frozen', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": [1]}}') as Record<string, { polluted: number[] }>;
    deepFreezeParsed(parsed);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(isDeepFrozen(Object.getOwnPropertyDescriptor(parsed, '__proto__')!.value)).toBe(true);
  });

  it('hands what JSON cannot make to deepFreeze: a shared object, a cycle, a Date, a frozen part', () => {
    const shared = { text: 'same' };
    expect(isDeepFrozen(deepFreezeParsed({ a: shared, b: [shared] }))).toBe(true);

    const loop: { self?: unknown; leaf: { n: number } } = { leaf: { n: 1 } };
    loop.self = loop;
    deepFreezeParsed(loop);
    expect(Object.isFrozen(loop)).toBe(true);
    expect(isDeepFrozen(loop)).toBe(false);
    expect(isDeepFrozen(loop.leaf)).toBe(true);

    const date = new Date(0);
    const withDate = deepFreezeParsed({ at: [date] });
    expect(Object.isFrozen(withDate.at)).toBe(true);
    expect(isDeepFrozen(withDate)).toBe(false);

    const writable = { n: 1 };
    const frozenShell = deepFreezeParsed({ shell: Object.freeze({ writable }) });
    expect(Object.isFrozen(writable)).toBe(true);
    expect(isDeepFrozen(frozenShell)).toBe(true);
  });

  it('hands nesting deeper than it recurses to the iterative walk', () => {
    const text = `${'{"next":'.repeat(50_000)}null${'}'.repeat(50_000)}`;
    const parsed = JSON.parse(text) as unknown;
    deepFreezeParsed(parsed);
    expect(isDeepFrozen(parsed)).toBe(true);
  });
});

describe('FrozenListBuilder', () => {
  it('freezes what JSON.parse made as it is added, and vouches for the finished list without a walk', () => {
    const builder = new FrozenListBuilder<unknown>();
    const message = JSON.parse('{"role":"user","content":[{"type":"text","text":"a"}]}');
    builder.add(message);
    builder.add('b');
    expect(builder.length).toBe(2);
    const list = builder.finish();
    expect(Object.isFrozen(message.content[0])).toBe(true);
    expect(Object.isFrozen(list)).toBe(true);
    expect(isDeepFrozen(list)).toBe(true);
    // Finished is finished: nothing more goes in.
    expect(() => builder.add('c')).toThrow(TypeError);
  });

  it('does not vouch for a list holding what it cannot vouch for', () => {
    const builder = new FrozenListBuilder<unknown>();
    builder.add(JSON.parse('{"a":1}'));
    builder.add({ at: new Date(0) });
    const list = builder.finish();
    expect(Object.isFrozen(list)).toBe(true);
    expect(isDeepFrozen(list)).toBe(false);
  });
});
