import type { ChildMessage, ForkPlan } from '@/lib/fork';
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
   * The prefix the child's request shares with the parent's next request. Providers cache from
   * the start of the request, so a different system instruction or tool list means nothing is
   * reusable, however many messages match.
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
  const shared = cacheable ? sumCounts([systemInstruction, tools, ...messages.slice(0, reusable)]).tokens : 0;
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
