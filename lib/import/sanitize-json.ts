import { NestingTooDeepError } from './import-errors';

/** Keys that would reach an object's prototype if a later step assigned them. */
const PROTOTYPE_KEYS = new Set(['__proto__']);

export interface SanitizeFinding {
  /** Path of the dropped key, e.g. `message.content[0].input.__proto__`. */
  field: string;
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Make a parsed JSON value safe to carry through the app, in place: nesting deeper than
 * `maxDepth` is refused, and a `__proto__` key is removed (and reported), because copying it into a
 * fresh object later would set that object's prototype instead of a key; validation silently drops
 * it. `constructor` and `prototype` are ordinary data keys in JSON and stay.
 *
 * `JSON.parse` itself is iterative and accepts any depth, so the depth check lives here, before any
 * recursive walk of the value.
 */
export function sanitizeJson(value: unknown, options: { maxDepth: number; line?: number; onDropped: (finding: SanitizeFinding) => void }): void {
  // The path is kept as a stack and joined only for a finding: building a string per node would
  // double the cost of importing a large file.
  const path: (string | number)[] = [];
  walk(value);

  function pathText(): string {
    return path.reduce<string>((text, key) => join(text, key), '');
  }

  function walk(node: unknown): void {
    if (node === null || typeof node !== 'object') return;
    if (path.length >= options.maxDepth) {
      throw new NestingTooDeepError(options.maxDepth, { line: options.line, field: pathText() || '(root)' });
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        path.push(index);
        walk(node[index]);
        path.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      path.push(key);
      if (PROTOTYPE_KEYS.has(key)) {
        delete record[key];
        options.onDropped({ field: pathText() });
      } else {
        walk(record[key]);
      }
      path.pop();
    }
  }
}

/**
 * The deepest nesting of arrays and objects in a JSON text, by a scan that skips strings: about a
 * tenth of the cost of walking the parsed value, so most records never need the walk.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \\ */) index++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > deepest) deepest = depth;
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Whether a parsed JSON text needs {@link sanitizeJson}: it nests too deep, or it may hold a
 * `__proto__` key, written plainly or with `\u00XX` escapes (every character of the key is ASCII).
 */
export function needsSanitizing(text: string, maxDepth: number): boolean {
  if (text.includes('__proto__') || text.includes('\\u00')) return true;
  // A text with no more opening brackets than the limit cannot nest deeper than it: counting them
  // with native searches is far cheaper than scanning every character, and settles most records.
  return !openingsAtMost(text, maxDepth) && jsonNestingDepth(text) > maxDepth;
}

function openingsAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (const opening of ['{', '[']) {
    for (let index = text.indexOf(opening); index !== -1; index = text.indexOf(opening, index + 1)) {
      if (++count > limit) return false;
    }
  }
  return true;
}
