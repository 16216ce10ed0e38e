import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isJsonValue, jsonValueSchema } from './json-value-schema';

/** Whether an object anywhere in `value` has an own `__proto__` key (fast-check writes such keys on purpose). */
function hasOwnProtoKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) return true;
  return Object.values(value).some(hasOwnProtoKey);
}

describe('jsonValueSchema', () => {
  it('accepts and refuses exactly what z.json() does, on JSON and on values JSON cannot hold', () => {
    const odd = fc.constantFrom<unknown>(undefined, Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 1n, Symbol('s'), () => 1, new Date(0), new Map(), /x/);
    const anything = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue({ maxDepth: 2 }),
        odd,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    const reference = z.json();
    fc.assert(
      fc.property(anything, (value) => {
        // z.json() never looks at the value of an own `__proto__` key; see the next test.
        fc.pre(!hasOwnProtoKey(value));
        expect(jsonValueSchema.safeParse(value).success).toBe(reference.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('checks the value of an own "__proto__" key, which z.json() lets through unchecked', () => {
    // fast-check's dictionaries sometimes hold this key: it is why the comparison above failed about
    // once in a few thousand runs. JSON.parse makes such an own key from '{"__proto__": …}'.
    const withKey = (inner: unknown) => {
      const object: Record<string, unknown> = {};
      Object.defineProperty(object, '__proto__', { value: inner, enumerable: true, writable: true, configurable: true });
      return object;
    };
    expect(z.json().safeParse(withKey(undefined)).success).toBe(true);
    expect(jsonValueSchema.safeParse(withKey(undefined)).success).toBe(false);
    expect(jsonValueSchema.safeParse(withKey([1n])).success).toBe(false);
    expect(jsonValueSchema.safeParse(JSON.parse('{"__proto__": {"a": [1, "b", null]}}')).success).toBe(true);
  });

  it('refuses a cycle and takes a value shared by two branches', () => {
    const shared = { a: 1 };
    expect(isJsonValue({ left: shared, right: [shared, shared] })).toBe(true);
    const cyclic: Record<string, unknown> = { a: [1] };
    (cyclic.a as unknown[]).push(cyclic);
    expect(isJsonValue(cyclic)).toBe(false);
  });

  it('walks a value nested 100,000 deep without overflowing the call stack', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) deep = level % 2 === 0 ? [deep] : { next: deep };
    expect(isJsonValue(deep)).toBe(true);
  });

  it('says what a JSON value is when it refuses one', () => {
    const result = jsonValueSchema.safeParse({ when: new Date(0) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be a JSON value: strings, finite numbers, booleans, null, and arrays and plain objects of them');
  });
});
