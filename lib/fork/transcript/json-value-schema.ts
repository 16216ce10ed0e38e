import type { JSONValue } from '@ai-sdk/provider';
import { z } from 'zod';

/**
 * Whether `value` is a JSON value: a string, a finite number, a boolean, null, or an array or plain
 * object of JSON values. Walked with an explicit stack, so depth costs no call stack, and a container
 * met twice on one path (a cycle, which JSON cannot hold) is refused.
 */
export function isJsonValue(value: unknown): value is JSONValue {
  const pending: unknown[] = [value];
  const open = new Set<object>();
  const leave: (object | typeof LEAVE)[] = [];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === LEAVE) {
      open.delete(leave.pop() as object);
      continue;
    }
    switch (typeof next) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (!Number.isFinite(next)) return false;
        continue;
      case 'object': {
        if (next === null) continue;
        if (open.has(next)) return false;
        if (Array.isArray(next)) {
          open.add(next);
          leave.push(next);
          pending.push(LEAVE);
          for (const item of next) pending.push(item);
          continue;
        }
        const prototype = Object.getPrototypeOf(next);
        if (prototype !== Object.prototype && prototype !== null) return false;
        open.add(next);
        leave.push(next);
        pending.push(LEAVE);
        for (const key in next) if (Object.hasOwn(next, key)) pending.push((next as Record<string, unknown>)[key]);
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

const LEAVE = Symbol('leave');

/**
 * A JSON value, as `z.json()` accepts it. `z.json()` is a lazy recursive union that tries each
 * branch at every node: on a 50 MB import its check of tool inputs took half of the whole
 * transcript check. This one walks the value once.
 */
export const jsonValueSchema: z.ZodType<JSONValue> = z.custom<JSONValue>(isJsonValue, {
  error: 'must be a JSON value: strings, finite numbers, booleans, null, and arrays and plain objects of them',
});
