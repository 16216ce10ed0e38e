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
 * A list of values `JSON.parse` just made, each deep-frozen as it is added ({@link deepFreezeParsed});
 * `finish` freezes the list and vouches for it with one look at each item, where {@link deepFreeze}
 * would read all its index descriptors in one go (70 ms for a 70,000-message history, once when an
 * import opens and once when a stored one is read back). The list is the builder's alone until
 * then, so nothing else can have given it a property, an accessor or a proxy the look would miss.
 */
export class FrozenListBuilder<T> {
  readonly #items: T[] = [];

  add(parsed: T): void {
    this.#items.push(deepFreezeParsed(parsed));
  }

  get length(): number {
    return this.#items.length;
  }

  /** The list, frozen; vouched for when every item is (one of another shape takes the full walk). */
  finish(): T[] {
    const items = this.#items;
    for (let index = 0; index < items.length; index++) if (!isDeepFrozen(items[index])) return deepFreeze(items);
    Object.freeze(items);
    deeplyFrozen.add(items);
    return items;
  }
}

/**
 * Whether nothing reachable from a value can ever be written: a primitive, or an object
 * {@link deepFreeze} froze whole. Such a value may be shared instead of copied.
 */
export function isDeepFrozen(value: unknown): boolean {
  return !isObjectLike(value) || deeplyFrozen.has(value);
}

/**
 * {@link deepFreeze} for a value `JSON.parse` has just made: plain objects, arrays and primitives,
 * each reached once and none frozen yet, so there is nothing to look at but their values. A page
 * freezes what the server streams it as it arrives (an import, a stored history), 40 MB of it on
 * a reload, and the general walk, which reads every property's descriptor, took 6 to 8 times as
 * long there. What turns out not to be of that shape (a class instance, an object met twice or
 * frozen already) is handed to {@link deepFreeze} whole. Only for JSON's output: a getter here
 * would be called, not refused.
 *
 * Everything is frozen; the value and the {@link MARKED_LEVELS} levels below it are vouched for
 * one by one (a history's entry, its message and meta, their content), the deeper objects through
 * them: remembering each of a history's million small parts was most of the time this took, and a
 * part is never shared on its own. One not vouched for is copied where it would have been shared.
 */
export function deepFreezeParsed<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  return freezeParsed(value, 0) ? value : deepFreeze(value);
}

/** Levels below a parsed value that are vouched for one by one. */
const MARKED_LEVELS = 2;
/** JSON nests as deep as it likes; past this a value goes to the iterative walk. */
const PARSED_DEPTH_LIMIT = 256;

/**
 * Freeze a parsed value and, at the levels that are vouched for, mark it once all it holds is
 * frozen; false, with nothing vouched for that is not frozen through, when it is not of JSON's
 * shape. Recursive for speed, hence the depth limit.
 */
function freezeParsed(object: object, depth: number): boolean {
  if (depth > PARSED_DEPTH_LIMIT || !isPlainData(object) || Object.isFrozen(object)) return false;
  Object.freeze(object);
  if (Array.isArray(object)) {
    for (let index = 0; index < object.length; index++) if (!freezeParsedChild(object[index], depth)) return false;
  } else {
    for (const key in object) {
      if (Object.hasOwn(object, key) && !freezeParsedChild((object as Record<string, unknown>)[key], depth)) return false;
    }
  }
  if (depth <= MARKED_LEVELS) deeplyFrozen.add(object);
  return true;
}

function freezeParsedChild(child: unknown, depth: number): boolean {
  if (typeof child !== 'object' || child === null) return true;
  // Below the marked levels nothing is marked: a parsed value's parts are met once, fresh.
  if (depth < MARKED_LEVELS && deeplyFrozen.has(child)) return true;
  return freezeParsed(child, depth + 1);
}
