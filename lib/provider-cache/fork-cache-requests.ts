import type { ChildMessage, ChildRequest, ModelMessage, ParentTranscript, ToolDeclaration } from '@/lib/fork';
import type { CacheRequest, CacheSegment } from './cache-request';
import { contentKey } from './content-key';
import type { ExplainedRequest } from './miss-explainer';

/** Token counts the caller already has: the parent's as registered, the child's as previewed. */
export interface ForkRequestTokens {
  parentMessage(index: number): number;
  childMessages: readonly number[];
  firstPrompt: number;
  parentSystem: number;
  childSystem: number;
  tool(tool: ToolDeclaration): number;
}

/** The two requests a fork's cache forecast compares, for the simulation and for the explainer. */
export interface ForkCacheRequests {
  previous: CacheRequest;
  child: CacheRequest;
  /** Segments of the child's request before its own first prompt (what its siblings share). */
  forkPrefix: number;
  previousExplained: ExplainedRequest;
  childExplained: ExplainedRequest;
}

/**
 * The parent's previous request: the one its model answered with the messages that end the
 * transcript at the fork point. A transcript that ends in the model's own messages (the Agent
 * call) was last sent without them; one that ends in a prompt or results is about to be sent as it is.
 */
export function previousRequestEnd(messages: readonly { message: ModelMessage }[], forkPoint: number): number {
  let end = forkPoint;
  while (end > 0 && messages[end - 1]!.message.role === 'assistant') end -= 1;
  return end;
}

function blocksOf(message: ModelMessage): number {
  return typeof message.content === 'string' ? 1 : Math.max(1, message.content.length);
}

const isModelTurn = (message: ModelMessage | undefined) => message?.role === 'assistant';

/**
 * Messages as segments. `turns`: mark where the conversation's earlier requests ended (only the
 * parent's history was sent that way; a child's rewritten history never was).
 */
function messageSegments(
  messages: readonly ModelMessage[],
  keys: readonly string[],
  tokens: (index: number) => number,
  from: number,
  turns: boolean,
): CacheSegment[] {
  return messages.map((message, index) => ({
    key: keys[index]!,
    tokens: tokens(index),
    blocks: blocksOf(message),
    path: `messages[${from + index}]`,
    ...(turns && index + 1 < messages.length && isModelTurn(message) !== isModelTurn(messages[index + 1]) ? { turnBoundary: true as const } : {}),
  }));
}

function headSegments(tools: readonly ToolDeclaration[], system: string, systemTokens: number, toolTokens: (tool: ToolDeclaration) => number): CacheSegment[] {
  const segments: CacheSegment[] = tools.map((tool, index) => ({
    key: `tool ${contentKey(tool)}`,
    tokens: toolTokens(tool),
    blocks: 1,
    path: `tools[${index}]`,
  }));
  if (system !== '') segments.push({ key: `system ${contentKey(system)}`, tokens: systemTokens, blocks: 1, path: 'system' });
  return segments;
}

/** A child message's key: an unchanged copy is the parent's message at that index, the rest by content. */
function childMessageKey(message: ChildMessage): string {
  const source = message.source;
  if (source.kind === 'copy' && (source.change === undefined || source.change === 'sealed') && source.parentIndexes.length === 1)
    return `parent ${source.parentIndexes[0]}`;
  return `content ${contentKey(message.message)}`;
}

/**
 * The parent's previous request and the child's first request as a prompt cache sees them. Keys
 * of copied messages are the parent's indexes, so a parent of 10,000 messages is never hashed.
 */
export function forkCacheRequests(transcript: ParentTranscript, forkPoint: number, child: ChildRequest, tokens: ForkRequestTokens): ForkCacheRequests {
  const profile = transcript.profile;
  const end = previousRequestEnd(transcript.messages, forkPoint);
  const parentMessages = transcript.messages.slice(0, end).map((entry) => entry.message);
  const childMessages = [...child.initialMessages, child.firstPrompt];
  const childTokens = (index: number) => (index < child.initialMessages.length ? tokens.childMessages[index]! : tokens.firstPrompt);
  const previousHead = headSegments(profile.tools, profile.systemInstruction, tokens.parentSystem, tokens.tool);
  const childHead = headSegments(child.tools, child.systemInstruction, tokens.childSystem, tokens.tool);
  // The model's answer to that request: the messages between it and the fork point (the Agent call).
  const answer = transcript.messages.slice(end, forkPoint).map((entry) => entry.message);
  const previous: CacheRequest = {
    model: profile.model,
    segments: [
      ...previousHead,
      ...messageSegments(
        parentMessages,
        parentMessages.map((_, index) => `parent ${index}`),
        tokens.parentMessage,
        0,
        true,
      ),
    ],
    output: messageSegments(
      answer,
      answer.map((_, index) => `parent ${end + index}`),
      (index) => tokens.parentMessage(end + index),
      end,
      false,
    ),
  };
  const childRequest: CacheRequest = {
    model: child.model,
    segments: [
      ...childHead,
      ...messageSegments(
        childMessages.map((entry) => entry.message),
        childMessages.map(childMessageKey),
        childTokens,
        0,
        false,
      ),
    ],
  };
  return {
    previous,
    child: childRequest,
    forkPrefix: childHead.length + child.initialMessages.length,
    previousExplained: { model: profile.model, tools: profile.tools, systemInstruction: profile.systemInstruction, messages: parentMessages },
    childExplained: {
      model: child.model,
      tools: child.tools,
      systemInstruction: child.systemInstruction,
      messages: childMessages.map((entry) => entry.message),
    },
  };
}
