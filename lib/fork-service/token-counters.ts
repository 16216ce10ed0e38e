import 'server-only';
import type { ParentTranscript, TranscriptMessage } from '@/lib/fork';
import type { TokenCounter } from '@/lib/tokens/child-token-report';
import { countMessage, countText, countTools, TOKEN_ENCODING } from '@/lib/tokens/count-tokens';
import { CountingPace } from '@/lib/tokens/counting-pace';
import type { TokenCount } from '@/lib/tokens/token-count';
import type { RegisteredParent } from './parent-cache';

const NO_TOKENS: TokenCount = { tokens: 0, estimated: false };

/**
 * A counter over the real tokenizer, with the parent's own figures supplied by the caller. One
 * pace for everything one request counts, so a large child pauses for other requests.
 */
function tokenCounter(parent: Pick<TokenCounter, 'systemTokens' | 'toolTokens' | 'parentTools' | 'parentMessage'>, pace: CountingPace): TokenCounter {
  return {
    encoding: TOKEN_ENCODING,
    ...parent,
    text: (text) => countText(text, pace),
    tools: (tools) => countTools(tools, pace),
    message: (message) => countMessage(message, pace),
  };
}

/** A counter over a registered parent, whose messages were counted once when it was registered. */
export async function counterFor(parent: RegisteredParent, written: TranscriptMessage | null = null, signal?: AbortSignal): Promise<TokenCounter> {
  const pace = new CountingPace(signal);
  const writtenTokens = written === null ? NO_TOKENS : await countMessage(written.message, pace);
  const registered = (index: number): TokenCount => {
    const tokens = parent.messageTokens[index];
    if (tokens === undefined) return index === parent.messageTokens.length ? writtenTokens : NO_TOKENS;
    return { tokens, estimated: parent.estimatedMessages.has(index) };
  };
  return tokenCounter(
    {
      systemTokens: parent.systemTokens,
      toolTokens: parent.toolTokens,
      parentTools: parent.transcript.profile.tools,
      parentMessage: async (index) => registered(index),
    },
    pace,
  );
}

// One counter per mid-turn parent: every child of a turn's call (a swarm's members too) is counted
// on the same parent, whose messages are then counted once, not once per child and figure.
const liveCounters = new WeakMap<ParentTranscript, Promise<TokenCounter>>();

/** A counter over a parent the server has not registered (one mid-turn): each message counted once, as asked. */
export function liveCounter(transcript: ParentTranscript): Promise<TokenCounter> {
  let counter = liveCounters.get(transcript);
  if (counter === undefined) {
    counter = makeLiveCounter(transcript);
    liveCounters.set(transcript, counter);
  }
  return counter;
}

async function makeLiveCounter(transcript: ParentTranscript): Promise<TokenCounter> {
  const pace = new CountingPace();
  const counted = new Map<number, Promise<TokenCount>>();
  const parentMessage = (index: number): Promise<TokenCount> => {
    const message = transcript.messages[index];
    if (message === undefined) return Promise.resolve(NO_TOKENS);
    let count = counted.get(index);
    if (count === undefined) {
      count = countMessage(message.message, pace);
      counted.set(index, count);
    }
    return count;
  };
  return tokenCounter(
    {
      systemTokens: await countText(transcript.profile.systemInstruction, pace),
      toolTokens: await countTools(transcript.profile.tools, pace),
      parentTools: transcript.profile.tools,
      parentMessage,
    },
    pace,
  );
}
