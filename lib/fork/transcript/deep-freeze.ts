/**
 * Objects this module froze together with everything they reach. Only these may be shared between
 * a parent and a child: nothing reachable from them can be written, so sharing one gives the same
 * isolation a copy would. `Object.isFrozen` alone cannot tell: a frozen object may hold mutable ones.
 */
const deeplyFrozen = new WeakSet<object>();

const isObjectLike = (value: unknown): value is object => (typeof value === 'object' && value !== null) || typeof value === 'function';

/** Plain data, whose own properties are the whole of its state (a `Date` or `URL` keeps state in internal slots). */
function isPlainData(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) ? proto === Array.prototype : proto === Object.prototype || proto === null;
}

interface Frame {
  object: object;
  children: unknown[];
  next: number;
  /** Plain data with data properties only: deeply frozen once every child is. */
  markable: boolean;
}

function enter(object: object, visited: Set<object>): Frame {
  visited.add(object);
  // A typed array with elements cannot be frozen, and its bytes stay writable: it is never marked.
  if (ArrayBuffer.isView(object)) return { object, children: [], next: 0, markable: false };
  Object.freeze(object);
  if (!isPlainData(object)) {
    return { object, children: Object.keys(object).map((key) => (object as Record<string, unknown>)[key]), next: 0, markable: false };
  }
  const children: unknown[] = [];
  let markable = true;
  // Every own property, symbols and non-enumerable ones included: a getter could hand out a
  // mutable object at any time, so an object with one is frozen but never marked.
  for (const key of Reflect.ownKeys(object)) {
    const descriptor = Object.getOwnPropertyDescriptor(object, key)!;
    if ('value' in descriptor) children.push(descriptor.value);
    else markable = false;
  }
  return { object, children, next: 0, markable };
}

/**
 * Freeze a value and everything it reaches, so a stray write throws, and remember each plain
 * object or array whose whole graph is now frozen (see {@link isDeepFrozen}). Iterative, so deep
 * nesting cannot overflow the stack. An object already frozen elsewhere is still walked: being
 * frozen says nothing about what it holds.
 */
export function deepFreeze<T>(value: T): T {
  if (!isObjectLike(value) || deeplyFrozen.has(value)) return value;
  const visited = new Set<object>();
  const stack: Frame[] = [enter(value, visited)];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (isObjectLike(child) && !deeplyFrozen.has(child) && !visited.has(child)) stack.push(enter(child, visited));
      continue;
    }
    stack.pop();
    // A child still on the walk (a cycle) is not marked yet, so neither is this object: a cycle is
    // frozen but copied, never shared.
    if (frame.markable && frame.children.every(isDeepFrozen)) deeplyFrozen.add(frame.object);
  }
  return value;
}

/**
 * Whether nothing reachable from a value can ever be written: a primitive, or an object
 * {@link deepFreeze} froze whole. Such a value may be shared instead of copied.
 */
export function isDeepFrozen(value: unknown): boolean {
  return !isObjectLike(value) || deeplyFrozen.has(value);
}
