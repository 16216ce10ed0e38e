import { isRecord } from '@/lib/json/is-record';
import type { CacheRequest, CacheSegment } from '@/lib/provider-cache/cache-request';
import { contentKey } from '@/lib/provider-cache/content-key';
import { countText } from '@/lib/tokens/count-tokens';
import { chatMessageAsRead, leadingSystemCount } from '@/lib/wire/openai-chat/chat-content';
import { type TurnMarks, turnMarks } from './turn-marks';

type Message = Record<string, unknown>;

const isMessage = isRecord;

const isModelTurn = (message: Message | undefined) => message?.role === 'assistant';

/** What of a message is read as tokens: its text, and its tool calls as JSON. */
function tokenText(message: Message): string {
  const { content, tool_calls } = message;
  const text = typeof content === 'string' ? content : content === null || content === undefined ? '' : JSON.stringify(content);
  return tool_calls === undefined ? text : `${text}${JSON.stringify(tool_calls)}`;
}

/**
 * A Chat Completions request as a prefix cache sees it: the leading system messages, the tools,
 * then every other message, one segment each (DeepSeek and OpenAI cache a prefix, not blocks, so a
 * message is the finest place two requests can part). Where the model's turn starts or ends, an
 * earlier request of the conversation ended, its input or the model's output: DeepSeek keeps a
 * prefix unit there. A system message followed by the user's is not such a place (the tools come
 * between them, and no request ever ended before the user's first words): marking it had
 * `test_deepseek_deferred_capability_with_thinking` #1 read a 103-token unit it reported nothing of.
 * Tokens are counted offline with Fork Lab's tokenizer; the caller scales them to what the
 * provider reported, so only their proportions matter.
 */
export async function chatCacheRequest(body: Record<string, unknown>): Promise<CacheRequest> {
  const messages = Array.isArray(body.messages) ? body.messages.filter(isMessage) : [];
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const systemCount = leadingSystemCount(messages);
  const placed: { key: string; path: string; text: string; marks?: TurnMarks }[] = [];
  const place = (message: Message, at: number) => {
    const endsTurn = at + 1 < messages.length && isModelTurn(messages[at + 1]) !== isModelTurn(message);
    const read = chatMessageAsRead(message);
    placed.push({ key: contentKey(['message', read]), path: `messages[${at}]`, text: tokenText(read), marks: turnMarks(endsTurn, isModelTurn(message)) });
  };
  for (let at = 0; at < systemCount; at += 1) place(messages[at]!, at);
  for (const [index, tool] of tools.entries()) placed.push({ key: contentKey(['tool', tool]), path: `tools[${index}]`, text: JSON.stringify(tool) });
  for (let at = systemCount; at < messages.length; at += 1) place(messages[at]!, at);
  const segments: CacheSegment[] = [];
  for (const { key, path, text, marks } of placed) segments.push({ key, path, blocks: 1, tokens: (await countText(text)).tokens, ...marks });
  return { model: typeof body.model === 'string' ? body.model : '', segments };
}
