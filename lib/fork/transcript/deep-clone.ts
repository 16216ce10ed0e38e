import { isDeepFrozen } from './deep-freeze';

/**
 * Deep-copies a message value: plain objects, arrays and primitives, plus the binary and URL
 * values the AI SDK allows in image and file parts. Nothing of the input is reachable from the
 * output, so a child can never write into its parent's history.
 *
 * Hand-rolled rather than `structuredClone` because transcripts are plain data and this is
 * several times faster on them, which is what keeps `planFork` with `all` near the cost of a
 * single copy of the parent (see `npm run bench`).
 */
export function deepClone<T>(value: T): T {
  return cloneValue(value, false) as T;
}

/**
 * A copy of a value in which every deep-frozen part ({@link isDeepFrozen}) is the original and
 * everything else is new: what a child may take from a parent without sharing a writable object.
 * A deep-frozen value comes back as it is. Freezing a parent once (the server does when it
 * registers one) is what lets every child of it cost a few arrays instead of a copy of it.
 */
export function copyUnlessFrozen<T>(value: T): T {
  return cloneValue(value, true) as T;
}

function cloneValue(value: unknown, shareFrozen: boolean): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (shareFrozen && isDeepFrozen(value)) return value;
  if (Array.isArray(value)) {
    const length = value.length;
    const out = new Array(length);
    for (let i = 0; i < length; i++) out[i] = cloneValue(value[i], shareFrozen);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
    for (const key of Object.keys(value)) {
      const copied = cloneValue((value as Record<string, unknown>)[key], shareFrozen);
      // A key named `__proto__` (legal in parsed JSON) must stay a plain own property:
      // assigning it would replace the copy's prototype instead.
      if (key === '__proto__') {
        Object.defineProperty(out, key, {
          value: copied,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        out[key] = copied;
      }
    }
    return out;
  }
  if (value instanceof Uint8Array) return value.slice();
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (value instanceof URL) return new URL(value.href);
  if (value instanceof Date) return new Date(value.getTime());
  return structuredClone(value);
}
