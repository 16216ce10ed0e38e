import 'server-only';
import { classifyMessages, type MessageClassification, type ParentTranscript } from '@/lib/fork';
import { contentHash } from '@/lib/isolation/content-hash';
import { countMessageTokens, countTextTokens, countToolTokens } from '@/lib/tokens/count-tokens';

/** A parent the server has validated, hashed and counted once, so window changes send only a key. */
export interface RegisteredParent {
  key: string;
  transcript: ParentTranscript;
  messageTokens: number[];
  systemTokens: number;
  toolTokens: number;
  classifications: MessageClassification[];
}

/**
 * The parents this server process has seen, by content hash, least recently used first out. The
 * browser's store is the source of truth: when a key is gone (a restart, an eviction) the browser
 * sends the parent again, so nothing here needs to survive.
 */
export class ParentCache {
  readonly #entries = new Map<string, RegisteredParent>();
  readonly #tokens = new Map<string, number>();
  #totalTokens = 0;

  /**
   * At most `capacity` parents, and at most `maxTokens` tokens of them (about 4 bytes each): an
   * import registers parents of up to 64 MB, and 32 of those would not fit in the server's memory.
   * The newest parent always stays, whatever its size.
   */
  constructor(
    readonly capacity = 32,
    readonly maxTokens = 64_000_000,
  ) {}

  async register(transcript: ParentTranscript): Promise<RegisteredParent> {
    const key = await contentHash(transcript);
    const known = this.get(key);
    if (known !== undefined) return known;
    const entry: RegisteredParent = {
      key,
      transcript,
      messageTokens: transcript.messages.map((entry) => countMessageTokens(entry.message)),
      systemTokens: countTextTokens(transcript.profile.systemInstruction),
      toolTokens: countToolTokens(transcript.profile.tools),
      classifications: classifyMessages(transcript.messages),
    };
    const tokens = entry.messageTokens.reduce((sum, count) => sum + count, entry.systemTokens + entry.toolTokens);
    this.#entries.set(key, entry);
    this.#tokens.set(key, tokens);
    this.#totalTokens += tokens;
    while (this.#entries.size > 1 && (this.#entries.size > this.capacity || this.#totalTokens > this.maxTokens)) {
      const oldest = this.#entries.keys().next().value!;
      this.#entries.delete(oldest);
      this.#totalTokens -= this.#tokens.get(oldest) ?? 0;
      this.#tokens.delete(oldest);
    }
    return entry;
  }

  get(key: string): RegisteredParent | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }
}

const globalCache = globalThis as typeof globalThis & { forkLabParentCache?: ParentCache };

/** The process-wide cache (kept on `globalThis` so hot reload in development does not empty it). */
globalCache.forkLabParentCache ??= new ParentCache();
export const parentCache: ParentCache = globalCache.forkLabParentCache;
