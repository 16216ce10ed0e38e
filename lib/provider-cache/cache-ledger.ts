import type { CacheRequest } from './cache-request';

/** One request the cache has seen: its segment keys, and the prefixes of it the provider kept. */
interface StoredPath {
  model: string;
  keys: readonly string[];
  /** Every prefix of it was kept, last used then (an automatic prefix cache keeps them all). */
  allUsedAtMs: number | null;
  /** Prefixes kept one by one (breakpoints, prefix units), by segment count, last used then. */
  usedAtMs: Map<number, number>;
}

/**
 * What a provider's cache holds after a sequence of requests. Two requests share a prefix
 * exactly when their leading segment keys are equal, so a prefix is named by its depth in any
 * request that has it; its entry is the latest use recorded on any stored request that shares it.
 * A request is compared with each stored one once, so a family of k forks of an n-message parent
 * costs k·k·n key comparisons at most (k is at most 9 here), and no per-prefix objects.
 */
export class CacheLedger {
  readonly #paths: StoredPath[] = [];

  constructor(
    /** Seconds an unused entry lives; null when it does not expire as far as anyone knows. */
    readonly ttlSeconds: number | null,
  ) {}

  /** A request as it meets the cache: what it shares, and what it reads and writes there. */
  /** Keep a prefix that ends after the request's output: its segments, then the output's (DeepSeek's output unit). */
  keepOutput(request: CacheRequest, atMs: number): void {
    const output = request.output ?? [];
    if (output.length === 0) return;
    const keys = [...shapeOf(request).keys, ...output.map((segment) => segment.key)];
    this.#paths.push({ model: request.model, keys, allUsedAtMs: null, usedAtMs: new Map([[keys.length, atMs]]) });
  }

  view(request: CacheRequest): LedgerView {
    const shape = shapeOf(request);
    const shared = this.#paths.map((path) => (path.model === request.model ? commonPrefix(path.keys, shape.keys) : 0));
    const own: StoredPath = { model: request.model, keys: shape.keys, allUsedAtMs: null, usedAtMs: new Map() };
    return new LedgerView(this, shape, this.#paths.slice(), shared, own, () => this.#paths.push(own));
  }
}

/** A request's keys and running sums, worked out once however many providers replay it. */
interface RequestShape {
  keys: readonly string[];
  tokens: Float64Array;
  blocks: Float64Array;
}

const shapes = new WeakMap<CacheRequest, RequestShape>();

function shapeOf(request: CacheRequest): RequestShape {
  const known = shapes.get(request);
  if (known !== undefined) return known;
  const count = request.segments.length;
  const shape: RequestShape = {
    keys: request.segments.map((segment) => segment.key),
    tokens: new Float64Array(count + 1),
    blocks: new Float64Array(count + 1),
  };
  request.segments.forEach((segment, index) => {
    shape.tokens[index + 1] = shape.tokens[index]! + segment.tokens;
    shape.blocks[index + 1] = shape.blocks[index]! + segment.blocks;
  });
  shapes.set(request, shape);
  return shape;
}

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  let shared = 0;
  while (shared < length && a[shared] === b[shared]) shared += 1;
  return shared;
}

export class LedgerView {
  /** Deepest prefix of the request that some stored request has (whether or not it was kept). */
  readonly matched: number;

  constructor(
    readonly ledger: CacheLedger,
    readonly shape: RequestShape,
    readonly stored: readonly StoredPath[],
    readonly shared: readonly number[],
    readonly own: StoredPath,
    readonly commit: () => void,
  ) {
    this.matched = Math.max(0, ...shared);
  }

  get length(): number {
    return this.shape.keys.length;
  }

  /** Tokens of the request's first `depth` segments. */
  tokens(depth: number): number {
    return this.shape.tokens[depth]!;
  }

  blocks(depth: number): number {
    return this.shape.blocks[depth]!;
  }

  /** The latest use of the prefix of this depth, on any request that shares it (this one included); null when none kept it. */
  lastUsedAtMs(depth: number): number | null {
    let latest: number | null = usedAt(this.own, depth);
    this.stored.forEach((path, index) => {
      if (this.shared[index]! < depth) return;
      const at = usedAt(path, depth);
      if (at !== null && (latest === null || at > latest)) latest = at;
    });
    return latest;
  }

  /** The cache has the prefix of this depth and it has not expired by `atMs`. */
  isLive(depth: number, atMs: number): boolean {
    const at = this.lastUsedAtMs(depth);
    if (at === null) return false;
    return this.ledger.ttlSeconds === null || atMs - at <= this.ledger.ttlSeconds * 1000;
  }

  /** When the prefix of this depth stops being readable if nobody uses it again; null when it does not expire or was never kept. */
  expiresAtMs(depth: number): number | null {
    const at = this.lastUsedAtMs(depth);
    return at === null || this.ledger.ttlSeconds === null ? null : at + this.ledger.ttlSeconds * 1000;
  }

  /** Write or refresh the prefix of this depth (a hit restarts the lifetime where the provider says it does). */
  keep(depth: number, atMs: number): void {
    this.own.usedAtMs.set(depth, atMs);
  }

  /** Write or refresh every prefix of the request. */
  keepAll(atMs: number): void {
    this.own.allUsedAtMs = atMs;
  }
}

function usedAt(path: StoredPath, depth: number): number | null {
  const one = path.usedAtMs.get(depth);
  const all = depth >= 1 && depth <= path.keys.length ? path.allUsedAtMs : null;
  if (one === undefined) return all;
  return all === null ? one : Math.max(one, all);
}
