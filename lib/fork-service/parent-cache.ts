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

  constructor(readonly capacity = 32) {}

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
    this.#entries.set(key, entry);
    while (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
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
export const parentCache: ParentCache = (globalCache.forkLabParentCache ??= new ParentCache());
