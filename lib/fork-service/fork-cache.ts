import type { ForkPlan, ForkRequest, ParentTranscript, ToolDeclaration } from '@/lib/fork';
import { contentKey } from '@/lib/provider-cache/content-key';
import { type ForkCacheReport, forkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import { type ForkCacheRequests, forkCacheRequests } from '@/lib/provider-cache/fork-cache-requests';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import type { TokenCounter } from '@/lib/tokens/child-token-report';
import type { TokenCount } from '@/lib/tokens/token-count';

/**
 * The parent's previous request and the child's first, as a prompt cache sees them, from the
 * counts the preview already made: only the tool declarations are counted again, one by one (a
 * provider caches them one block each).
 */
export async function cacheRequestsFor(
  plan: ForkPlan,
  transcript: ParentTranscript,
  counter: TokenCounter,
  perMessage: readonly TokenCount[],
): Promise<ForkCacheRequests | null> {
  const child = plan.child;
  if (child === null || plan.window === null) return null;
  const toolTokens = new Map<string, number>();
  for (const tool of [...transcript.profile.tools, ...child.tools]) {
    const key = contentKey(tool);
    if (!toolTokens.has(key)) toolTokens.set(key, (await counter.tools([tool])).tokens);
  }
  const parentTokens: number[] = [];
  for (let index = 0; index < plan.window.end; index += 1) parentTokens.push((await counter.parentMessage(index)).tokens);
  return forkCacheRequests(transcript, plan.window.end, child, {
    parentMessage: (index) => parentTokens[index] ?? 0,
    childMessages: perMessage.map((count) => count.tokens),
    firstPrompt: (await counter.message(child.firstPrompt.message)).tokens,
    parentSystem: counter.systemTokens.tokens,
    childSystem: (await counter.text(child.systemInstruction)).tokens,
    tool: (tool: ToolDeclaration) => toolTokens.get(contentKey(tool)) ?? 0,
  });
}

/** Each provider's cache forecast for one planned child, sent right after the parent's previous request. */
export async function forkCacheFor(
  plan: ForkPlan,
  transcript: ParentTranscript,
  counter: TokenCounter,
  perMessage: readonly TokenCount[],
  rules: ProviderRules,
): Promise<ForkCacheReport | null> {
  const requests = await cacheRequestsFor(plan, transcript, counter, perMessage);
  return requests === null ? null : forkCacheReport([{ atMs: 0, requests }], rules);
}

/** One fork of a family, as the family forecast plans it: its request, and why it has no child if it has none. */
export interface FamilyMemberCache {
  request: ForkRequest;
  /** Seconds after the first child that this one is sent. */
  atSeconds: number;
  requests: ForkCacheRequests | null;
  skipped?: string;
  /** The member the preview shows: the explainer and acceptance are its. */
  focus?: true;
  /** How the preview names it (`#3`). */
  label?: string;
}

/**
 * Several forks of one parent sent one after another, as each provider's cache sees them: each
 * against what the parent and the earlier ones left that has not expired. Forks the runtime
 * refuses, or that are no forks, are left out and said so.
 */
export function familyCacheReport(members: readonly FamilyMemberCache[], rules: ProviderRules): ForkCacheReport | null {
  const planned = members.filter((member) => member.requests !== null);
  const first = planned[0];
  if (first === undefined) return null;
  const focus = Math.max(
    0,
    planned.findIndex((member) => member.focus),
  );
  return forkCacheReport(
    planned.map((member) => ({ atMs: (member.atSeconds - first.atSeconds) * 1000, requests: member.requests! })),
    rules,
    focus,
    planned.map((member, index) => member.label ?? `#${index + 1}`),
  );
}
