import 'server-only';
import { classifyMessages, deepFreeze, type MessageClassification, type ParentTranscript } from '@/lib/fork';
import { serverContentHash } from '@/lib/json/server-content-hash';
import { countMessage, countText, countTools } from '@/lib/tokens/count-tokens';
import { CountingPace } from '@/lib/tokens/counting-pace';
import type { TokenCount } from '@/lib/tokens/token-count';

/** A parent the server has validated, hashed and counted once, so window changes send only a key. */
export interface RegisteredParent {
  key: string;
  transcript: ParentTranscript;
  messageTokens: number[];
  /** Indexes of the messages whose count is an estimate (see lib/tokens/text-pieces). */
  estimatedMessages: ReadonlySet<number>;
  systemTokens: TokenCount;
  toolTokens: TokenCount;
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
    const key = await serverContentHash(transcript);
    const known = this.get(key);
    if (known !== undefined) return known;
    // One pace for the whole parent: counting pauses for other requests however it is split.
    const pace = new CountingPace();
    const messageTokens: number[] = [];
    const estimatedMessages = new Set<number>();
    for (const [index, message] of transcript.messages.entries()) {
      const counted = await countMessage(message.message, pace);
      messageTokens.push(counted.tokens);
      if (counted.estimated) estimatedMessages.add(index);
    }
    const entry: RegisteredParent = {
      key,
      // Frozen whole, in place (the caller hands it over): every plan, bootstrap record and running
      // child of this parent then shares its messages instead of copying them, and none can write one.
      transcript: deepFreeze(transcript),
      messageTokens,
      estimatedMessages,
      systemTokens: await countText(transcript.profile.systemInstruction, pace),
      toolTokens: await countTools(transcript.profile.tools, pace),
      classifications: classifyMessages(transcript.messages),
    };
    // Counting pauses, so the same parent may have been registered meanwhile: keep one entry.
    const registeredMeanwhile = this.get(key);
    if (registeredMeanwhile !== undefined) return registeredMeanwhile;
    const tokens = messageTokens.reduce((sum, count) => sum + count, entry.systemTokens.tokens + entry.toolTokens.tokens);
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
