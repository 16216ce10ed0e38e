import 'server-only';
import type { ParentTranscript } from '@/lib/fork';
import type { ParentRegistration } from '@/lib/fork-exchange/answers';
import { parentCache } from './parent-cache';

/** Hand the server a parent: it is checked, hashed and counted once, and named by its key from then on. */
export async function registerParent(transcript: ParentTranscript): Promise<ParentRegistration> {
  const entry = await parentCache.register(transcript);
  return { parentKey: entry.key, messageTokens: entry.messageTokens, classifications: entry.classifications };
}
