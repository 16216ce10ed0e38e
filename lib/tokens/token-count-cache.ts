import { createHash } from 'node:crypto';
import type { TokenCount } from './token-count';

/**
 * Texts shorter than this are their own key; longer ones are keyed by a digest, so the cache holds
 * no copy of a big text and its 200,000 entries stay within some 30 MB.
 */
const LONGEST_PLAIN_KEY = 64;

/**
 * Counts of texts already counted, newest kept. A parent is registered again after every edit
 * (and after a server restart), and all but one of its messages are the ones counted a moment
 * ago: looking them up turns seconds of tokenising a 50 MB parent into a pass of hashing.
 * Keyed by content, so two equal messages share a count and a changed one is counted afresh.
 */
export class TokenCountCache {
  readonly #counts = new Map<string, TokenCount>();

  constructor(readonly maxEntries = 200_000) {}

  get(text: string): TokenCount | undefined {
    return this.#counts.get(keyOf(text));
  }

  set(text: string, count: TokenCount): void {
    this.#remember(keyOf(text), count);
  }

  /** The count of `text`, counted by `count` only when it is not known yet (the text is keyed once). */
  async getOrCount(text: string, count: (text: string) => Promise<TokenCount>): Promise<TokenCount> {
    const key = keyOf(text);
    const known = this.#counts.get(key);
    if (known !== undefined) return known;
    const counted = await count(text);
    this.#remember(key, counted);
    return counted;
  }

  #remember(key: string, count: TokenCount): void {
    this.#counts.delete(key);
    this.#counts.set(key, count);
    if (this.#counts.size > this.maxEntries) this.#counts.delete(this.#counts.keys().next().value!);
  }

  get size(): number {
    return this.#counts.size;
  }
}

function keyOf(text: string): string {
  return text.length < LONGEST_PLAIN_KEY ? `=${text}` : `#${text.length}:${createHash('sha256').update(text).digest('base64')}`;
}
