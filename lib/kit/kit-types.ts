import type { ForkItem } from '@/lib/recording/captured-sources';
import type { ForkCacheReuse } from '@/lib/recording/fork-cache-reuse';
import type { ForkFinding } from '@/lib/recording/fork-finding';

/*
 * The kit's public types: what a runtime's tests read of a fork, in plain fields. They stand apart
 * from the engine's (whose messages are the AI SDK's types and whose runtimes are zod schemas), so
 * the package's declarations need neither installed; the checks at the end keep them in step with
 * what the fork check and the cache reuse produce.
 */

/** One line of a fork's parting: a run of messages both requests hold alike, or one only one holds, or changed. */
export interface PartingLine {
  kind: 'same' | 'changed' | 'removed' | 'added';
  /** Positions in the planned and the sent request; a run of same messages is one line. */
  planned: number | null;
  sent: number | null;
  /** How many messages the line stands for. */
  count: number;
  role: string;
  /** `copy of parent #3`, or the rule that wrote the message. */
  source: string;
  /** The message's text on one line, from where the two part. */
  text: string;
  /** A changed message: the planned text over the same stretch. */
  was?: string;
}

/** A fork the check found in a session's traffic, and whether the child is what the rules plan. */
export interface KitFork {
  /** The capture ids of the parent's request that records the call, and the child's first. */
  parentId: number;
  childId: number;
  /** The Agent call that asked for the fork; empty for one the runtime's program started. */
  toolCallId: string;
  toolName: string;
  /** Which member of the call's family the child is (Kimi's AgentSwarm), when it starts several. */
  member?: number;
  /** The runtime id whose rules read it, and whether nobody named it (then guessed). */
  runtime: string;
  guessed: boolean;
  verdict: 'matches' | 'differs' | 'refused';
  /** The first place the child differs from the plan: a JSON path (`tools`, `messages[3].content`). */
  difference: { at: string; expected: string; actual: string } | null;
  expectedMessages: number;
  actualMessages: number;
  /** The two requests message by message. */
  items: PartingLine[];
  /** Leading messages the child repeats of the parent's request. */
  sharedPrefixMessages: number;
  /** The runtime's own words when its rules refuse the call. */
  errors?: string[];
  /** The release the traffic announced, and the rules' version it was read by. */
  announced: { release: string; runtimeVersion: string } | null;
}

/** What a fork's first request reused of its parent's cache, read off the two requests as sent. */
export interface KitCacheReuse {
  parentRequest: number;
  childRequest: number;
  provider: string;
  model: string;
  parentTokens: number;
  childTokens: number;
  /** Tokens that lead the child's request exactly as they led the parent's. */
  sharedTokens: number;
  /** Where the child parts from the parent's request, in cache order; null when it repeats all of it. */
  parting: { reason: string; path: string } | null;
  /** What the provider's cache would read and write of the child's request. */
  cachedTokens: number;
  writtenTokens: number;
}

/** True when every value of `Produced` is one of `Public`. */
type Fits<Produced, Public> = [Produced] extends [Public] ? true : false;
// What the check and the reuse reader produce is what the kit says it returns: a field renamed or
// retyped there fails here, before a runtime's tests read a field that is not there.
const findingsFit: Fits<ForkFinding, KitFork> & Fits<ForkItem, PartingLine> & Fits<ForkCacheReuse, KitCacheReuse> = true;
void findingsFit;
