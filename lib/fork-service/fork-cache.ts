import type { ForkPlan, ParentTranscript, ToolDeclaration } from '@/lib/fork';
import { contentKey } from '@/lib/provider-cache/content-key';
import { type ForkCacheReport, forkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import { forkCacheRequests } from '@/lib/provider-cache/fork-cache-requests';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import type { TokenCount } from '@/lib/tokens/token-count';
import type { TokenCounter } from './child-token-report';

/**
 * Each provider's cache forecast for a planned child, from the counts the preview already made:
 * only the tool declarations are counted again, one by one (a provider caches them one block each).
 */
export async function forkCacheFor(
  plan: ForkPlan,
  transcript: ParentTranscript,
  counter: TokenCounter,
  perMessage: readonly TokenCount[],
  rules: ProviderRules,
): Promise<ForkCacheReport | null> {
  const child = plan.child;
  if (child === null || plan.window === null) return null;
  const toolTokens = new Map<string, number>();
  for (const tool of [...transcript.profile.tools, ...child.tools]) {
    const key = contentKey(tool);
    if (!toolTokens.has(key)) toolTokens.set(key, (await counter.tools([tool])).tokens);
  }
  const parentTokens: number[] = [];
  for (let index = 0; index < plan.window.end; index += 1) parentTokens.push((await counter.parentMessage(index)).tokens);
  const requests = forkCacheRequests(transcript, plan.window.end, child, {
    parentMessage: (index) => parentTokens[index] ?? 0,
    childMessages: perMessage.map((count) => count.tokens),
    firstPrompt: (await counter.message(child.firstPrompt.message)).tokens,
    parentSystem: counter.systemTokens.tokens,
    childSystem: (await counter.text(child.systemInstruction)).tokens,
    tool: (tool: ToolDeclaration) => toolTokens.get(contentKey(tool)) ?? 0,
  });
  return forkCacheReport(requests, rules);
}
