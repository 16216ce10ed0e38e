import { isRecord } from '@/lib/json/is-record';
import type { CacheRequest, CacheSegment } from '@/lib/provider-cache/cache-request';
import { contentKey } from '@/lib/provider-cache/content-key';
import { countText } from '@/lib/tokens/count-tokens';
import { type Block, contentBlocks, messagesBodyParts } from '@/lib/wire/anthropic-messages/body-parts';
import { withoutCacheControl } from '@/lib/wire/anthropic-messages/cache-control';
import { type TurnMarks, turnMarks } from './turn-marks';

/** A Messages API request as its provider's cache sees it, with the breakpoints it was sent with. */
export interface SentCacheRequest {
  request: CacheRequest;
  /** Segment counts from the start at which a block carried `cache_control`. */
  breakpoints: number[];
}

/** A block as the cache compares it: its `cache_control` marks where to cache, it is not content. */
const content = (block: Block): Block => withoutCacheControl(block) as Block;

/**
 * What of a block is read as tokens: a text block's text, a thinking block's thinking, anything
 * else as its JSON. A thinking block's signature is an opaque check, not prompt: counted as text
 * its base64 outweighed the thinking, and on the code-execution cassettes the calls that carried
 * one were scaled so that every other block looked smaller than the provider counted it.
 */
function tokenText(block: Block): string {
  const kept = content(block);
  if (kept.type === 'text' && typeof kept.text === 'string') return kept.text;
  if (kept.type === 'thinking' && typeof kept.thinking === 'string') return kept.thinking;
  return JSON.stringify(kept);
}

/**
 * The request's blocks in the order Anthropic caches them (tools, then system, then messages), one
 * segment per block, so a breakpoint and the 20-block lookback fall exactly where the API counts
 * them. Tokens are counted offline with Fork Lab's tokenizer: the caller scales them to what the
 * provider reported, so only their proportions matter.
 */
export async function anthropicCacheRequest(body: Record<string, unknown>): Promise<SentCacheRequest> {
  const placed: { block: Block; key: string; path: string; marks?: TurnMarks }[] = [];
  const { tools, system, messages } = messagesBodyParts(body);
  for (const [index, tool] of tools.entries()) {
    placed.push({ block: tool, key: contentKey(['tool', content(tool)]), path: `tools[${index}]` });
  }
  for (const [index, block] of system.entries()) {
    placed.push({ block, key: contentKey(['system', content(block)]), path: `system[${index}]` });
  }
  for (const [at, { message, blocks }] of messages.entries()) {
    // Where the role changes, an earlier request of the conversation ended (its input or the
    // model's output): DeepSeek keeps a prefix unit there.
    const endsTurn = at + 1 < messages.length && messages[at + 1]!.message.role !== message.role;
    for (const [index, block] of blocks.entries()) {
      // Where a message starts is part of the prompt: the same blocks split otherwise read otherwise.
      const key = contentKey([message.role, index === 0, content(block)]);
      placed.push({
        block,
        key,
        path: `messages[${at}].content[${index}]`,
        marks: turnMarks(endsTurn && index === blocks.length - 1, message.role === 'assistant'),
      });
    }
  }
  const segments: CacheSegment[] = [];
  const breakpoints: number[] = [];
  for (const { block, key, path, marks } of placed) {
    segments.push({ key, path, blocks: 1, tokens: (await countText(tokenText(block))).tokens, ...marks });
    if (block.cache_control !== undefined) breakpoints.push(segments.length);
  }
  // Automatic caching: a request-level cache_control puts the breakpoint on the last cacheable
  // block, and it moves forward as the conversation grows (Anthropic's prompt caching docs).
  if (isRecord(body.cache_control) && segments.length > 0 && breakpoints.at(-1) !== segments.length) breakpoints.push(segments.length);
  return { request: { model: typeof body.model === 'string' ? body.model : '', segments }, breakpoints };
}

/**
 * Each further round of a call whose answer ran server tools, as the cache sees it: the request as
 * sent with the answer so far as the assistant's turn (continuing a prefilled assistant message).
 * A request that caches at all gets a breakpoint at each round's end besides the sent ones: on the
 * recorded code-execution calls the second round wrote the server tool's call and result past the
 * only breakpoint the client had placed. One that caches nothing is taken to cache nothing in its
 * rounds either (every recorded call had a breakpoint; none shows otherwise). Each round is a
 * prefix of the last, so the last is taken apart once and the others are cut from it.
 */
export async function anthropicRoundRequests(body: Record<string, unknown>, rounds: readonly Record<string, unknown>[][]): Promise<SentCacheRequest[]> {
  const last = rounds.at(-1);
  if (last === undefined) return [];
  const messages = Array.isArray(body.messages) ? body.messages.filter(isRecord) : [];
  const final = messages.at(-1);
  const prefilled = final?.role === 'assistant' ? contentBlocks(final.content) : null;
  const turn = { role: 'assistant', content: [...(prefilled ?? []), ...last] };
  const lastRound = await anthropicCacheRequest({ ...body, messages: prefilled === null ? [...messages, turn] : [...messages.slice(0, -1), turn] });
  const sentLength = lastRound.request.segments.length - last.length;
  // The answer's blocks carry no cache_control, so every breakpoint but an automatic one at the end is the sent request's.
  const sent = lastRound.breakpoints.filter((at) => at <= sentLength);
  const caches = lastRound.breakpoints.length > 0;
  return rounds.map((answered) => {
    const end = sentLength + answered.length;
    return { request: { ...lastRound.request, segments: lastRound.request.segments.slice(0, end) }, breakpoints: caches ? [...sent, end] : [] };
  });
}
