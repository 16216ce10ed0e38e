import type { CacheRequest } from './cache-request';

/** A prefix some earlier request left in the cache, and when it was last written or read. */
interface CacheEntry {
  usedAtMs: number;
}

/** One prefix of the requests seen: the segments from the root to here. */
export interface PrefixNode {
  /** Segments from the start of the request. */
  depth: number;
  tokens: number;
  blocks: number;
  entry: CacheEntry | null;
  readonly children: Map<string, PrefixNode>;
}

function rootNode(): PrefixNode {
  return { depth: 0, tokens: 0, blocks: 0, entry: null, children: new Map() };
}

/**
 * What a provider's cache holds after a sequence of requests: a trie of their segment keys per model,
 * with an entry on each prefix the provider kept. Walking a request down it is linear in the request,
 * so a family of forks costs the sum of their lengths, not their pairs.
 */
export class CacheLedger {
  readonly #roots = new Map<string, PrefixNode>();

  constructor(
    /** Seconds an unused entry lives; null when it does not expire as far as anyone knows. */
    readonly ttlSeconds: number | null,
  ) {}

  /** The prefixes of `request` the ledger has seen: index i is the node after i segments (0 is the root). */
  walk(request: CacheRequest): PrefixNode[] {
    const path = [this.#root(request.model)];
    for (const segment of request.segments) {
      const next = path.at(-1)!.children.get(segment.key);
      if (next === undefined) break;
      path.push(next);
    }
    return path;
  }

  /** Every prefix of `request` as a node, adding the ones not seen yet. */
  insert(request: CacheRequest): PrefixNode[] {
    const path = [this.#root(request.model)];
    for (const segment of request.segments) {
      const parent = path.at(-1)!;
      let next = parent.children.get(segment.key);
      if (next === undefined) {
        next = { depth: parent.depth + 1, tokens: parent.tokens + segment.tokens, blocks: parent.blocks + segment.blocks, entry: null, children: new Map() };
        parent.children.set(segment.key, next);
      }
      path.push(next);
    }
    return path;
  }

  isLive(node: PrefixNode, atMs: number): boolean {
    if (node.entry === null) return false;
    return this.ttlSeconds === null || atMs - node.entry.usedAtMs <= this.ttlSeconds * 1000;
  }

  /** Write an entry, or refresh one (a hit restarts the lifetime where the provider says it does). */
  use(node: PrefixNode, atMs: number): void {
    node.entry = { usedAtMs: atMs };
  }

  /** When an entry stops being readable, if nobody uses it again; null when it does not expire. */
  expiresAtMs(node: PrefixNode): number | null {
    if (node.entry === null || this.ttlSeconds === null) return null;
    return node.entry.usedAtMs + this.ttlSeconds * 1000;
  }

  #root(model: string): PrefixNode {
    let root = this.#roots.get(model);
    if (root === undefined) {
      root = rootNode();
      this.#roots.set(model, root);
    }
    return root;
  }
}
