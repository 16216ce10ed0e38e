import type { ChildMessage, ForkPlan, ToolDeclaration } from '@/lib/fork';
import { sumCounts, type TokenCount } from '@/lib/tokens/token-count';

/** Token counts of the child's first request, by section, and what a prompt cache could reuse. */
export interface ChildTokenReport {
  encoding: string;
  systemInstruction: number;
  tools: number;
  initialMessages: number;
  firstPrompt: number;
  total: number;
  /** The parent's own next request: its system instruction, tools and messages up to the fork point. */
  parentNextRequest: number;
  /**
   * The start of the child's request that the parent's next request begins with too: what a cache
   * could reuse at most. Providers cache from the start, tools first (Anthropic) or the system
   * instruction first (the others), so it is counted in the order that shares more: a tool list
   * that differs still shares the tools before the first difference, and the system instruction
   * ahead of them where it comes first; no message is shared unless both match.
   */
  sharedPrefix: { messages: number; tokens: number };
  /**
   * Present when a figure above includes an estimate: some text held a run too long to count
   * exactly in linear time (one pre-token over 256 characters, see lib/tokens/text-pieces).
   */
  estimated?: true;
}

/**
 * Counts for a report. The parent's figures are the ones it was registered with; text, tools and
 * messages are counted as asked, as they are needed, by the caller's tokenizer.
 */
export interface TokenCounter {
  encoding: string;
  systemTokens: TokenCount;
  toolTokens: TokenCount;
  /** The parent's tool declarations, to find the ones the child's list starts with. */
  parentTools: readonly ToolDeclaration[];
  /** Tokens of the parent message at an index (counted once per parent). */
  parentMessage(index: number): Promise<TokenCount>;
  text(text: string): Promise<TokenCount>;
  tools(plan: NonNullable<ForkPlan['child']>['tools']): Promise<TokenCount>;
  message(message: ChildMessage['message']): Promise<TokenCount>;
}

/** Tokens of a child message: an unchanged copy costs what its parent message cost. */
export function childMessageTokens(message: ChildMessage, counter: TokenCounter): Promise<TokenCount> {
  const source = message.source;
  if (source.kind === 'copy' && source.change === undefined && source.parentIndexes.length === 1) {
    return counter.parentMessage(source.parentIndexes[0]!);
  }
  return counter.message(message.message);
}

/** Tokens of each of the child's initial messages, in order (none for a plan without a child). */
export async function initialMessageTokens(plan: ForkPlan, counter: TokenCounter): Promise<TokenCount[]> {
  const counts: TokenCount[] = [];
  for (const message of plan.child?.initialMessages ?? []) counts.push(await childMessageTokens(message, counter));
  return counts;
}

/**
 * The report for a plan. `perMessage` is {@link initialMessageTokens} when the caller already has
 * it (a preview sends each changed message's count too), so no message is counted twice.
 */
export async function childTokenReport(plan: ForkPlan, counter: TokenCounter, perMessage?: readonly TokenCount[]): Promise<ChildTokenReport | null> {
  const child = plan.child;
  if (child === null || plan.window === null) return null;
  const messages = perMessage ?? (await initialMessageTokens(plan, counter));
  const systemInstruction = await counter.text(child.systemInstruction);
  const tools = await counter.tools(child.tools);
  const initialMessages = sumCounts(messages);
  const firstPrompt = await counter.message(child.firstPrompt.message);

  const parentMessages: TokenCount[] = [];
  for (let index = 0; index < plan.window.end; index += 1) parentMessages.push(await counter.parentMessage(index));
  const parentNextRequest = sumCounts([counter.systemTokens, counter.toolTokens, ...parentMessages]);

  const reusable = plan.cache?.reusableMessages ?? 0;
  const cacheable = plan.cache?.systemMatches === true && plan.cache.toolsMatch;
  const shared = await sharedPrefixTokens(plan, counter, { systemInstruction, tools, messages: sumCounts(messages.slice(0, reusable)) });
  const total = sumCounts([systemInstruction, tools, initialMessages, firstPrompt]);

  return {
    encoding: counter.encoding,
    systemInstruction: systemInstruction.tokens,
    tools: tools.tokens,
    initialMessages: initialMessages.tokens,
    firstPrompt: firstPrompt.tokens,
    total: total.tokens,
    parentNextRequest: parentNextRequest.tokens,
    sharedPrefix: { messages: cacheable ? reusable : 0, tokens: shared },
    ...(total.estimated || parentNextRequest.estimated ? { estimated: true } : {}),
  };
}

/** How many of the child's tools, from the first, are the parent's own, in the same order. */
function leadingSameTools(child: readonly ToolDeclaration[], parent: readonly ToolDeclaration[]): number {
  let same = 0;
  while (same < child.length && same < parent.length && JSON.stringify(child[same]) === JSON.stringify(parent[same])) same += 1;
  return same;
}

/** Tokens of the longest start the child's request shares with the parent's, tools first or system first. */
async function sharedPrefixTokens(
  plan: ForkPlan,
  counter: TokenCounter,
  counted: { systemInstruction: TokenCount; tools: TokenCount; messages: TokenCount },
): Promise<number> {
  const cache = plan.cache;
  const child = plan.child!;
  // A cache is per model: another model reuses nothing.
  if (cache === null || cache.modelMatches === false) return 0;
  const system = cache.systemMatches ? counted.systemInstruction.tokens : 0;
  const leading = cache.toolsMatch ? child.tools.length : leadingSameTools(child.tools, counter.parentTools);
  const tools = cache.toolsMatch ? counted.tools.tokens : leading === 0 ? 0 : (await counter.tools(child.tools.slice(0, leading))).tokens;
  const messages = cache.systemMatches && cache.toolsMatch ? counted.messages.tokens : 0;
  const toolsFirst = tools + (cache.toolsMatch ? system + messages : 0);
  const systemFirst = cache.systemMatches ? system + tools + messages : 0;
  return Math.max(toolsFirst, systemFirst);
}
