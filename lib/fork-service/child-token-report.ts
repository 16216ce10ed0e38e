import type { ChildMessage, ForkPlan } from '@/lib/fork';

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
}

export interface TokenCounter {
  encoding: string;
  systemTokens: number;
  toolTokens: number;
  /** Tokens of the parent message at an index (counted once per parent). */
  parentMessage(index: number): number;
  text(text: string): number;
  tools(plan: NonNullable<ForkPlan['child']>['tools']): number;
  message(message: ChildMessage['message']): number;
}

/** Tokens of a child message: an unchanged copy costs what its parent message cost. */
export function childMessageTokens(message: ChildMessage, counter: TokenCounter): number {
  const source = message.source;
  if (source.kind === 'copy' && source.change === undefined && source.parentIndexes.length === 1) {
    return counter.parentMessage(source.parentIndexes[0]!);
  }
  return counter.message(message.message);
}

export function childTokenReport(plan: ForkPlan, counter: TokenCounter): ChildTokenReport | null {
  const child = plan.child;
  if (child === null || plan.window === null) return null;
  const perMessage = child.initialMessages.map((message) => childMessageTokens(message, counter));
  const systemInstruction = counter.text(child.systemInstruction);
  const tools = counter.tools(child.tools);
  const initialMessages = perMessage.reduce((sum, tokens) => sum + tokens, 0);
  const firstPrompt = counter.message(child.firstPrompt.message);

  let parentMessages = 0;
  for (let index = 0; index < plan.window.end; index += 1) parentMessages += counter.parentMessage(index);

  const reusable = plan.cache?.reusableMessages ?? 0;
  const cacheable = plan.cache?.systemMatches === true && plan.cache.toolsMatch;
  const sharedTokens = cacheable ? systemInstruction + tools + perMessage.slice(0, reusable).reduce((sum, tokens) => sum + tokens, 0) : 0;

  return {
    encoding: counter.encoding,
    systemInstruction,
    tools,
    initialMessages,
    firstPrompt,
    total: systemInstruction + tools + initialMessages + firstPrompt,
    parentNextRequest: counter.systemTokens + counter.toolTokens + parentMessages,
    sharedPrefix: { messages: cacheable ? reusable : 0, tokens: sharedTokens },
  };
}
