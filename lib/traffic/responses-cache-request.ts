import { isRecord } from '@/lib/json/is-record';
import type { CacheRequest, CacheSegment } from '@/lib/provider-cache/cache-request';
import { contentKey } from '@/lib/provider-cache/content-key';
import { countText } from '@/lib/tokens/count-tokens';
import { inputItems, speaker } from '@/lib/wire/openai-responses/input-items';
import { type TurnMarks, turnMarks } from './turn-marks';

type Item = Record<string, unknown>;

const isItem = isRecord;

/** What of an item is read as tokens: its text parts, anything else as its JSON. */
function tokenText(item: Item): string {
  if (typeof item.content === 'string') return item.content;
  if (Array.isArray(item.content)) {
    return item.content.map((part) => (isItem(part) && typeof part.text === 'string' ? part.text : JSON.stringify(part))).join('');
  }
  return JSON.stringify(item);
}

/**
 * A Responses API request as OpenAI's prefix cache sees it: the instructions, the tools, then every
 * input item, one segment each. Where the model's turn starts or ends an earlier request of the
 * conversation ended (a developer message before the user's, or a tool's output before the user's
 * next words, is not such a place). Tokens are counted offline with Fork Lab's tokenizer; the caller scales them to what the
 * provider reported, so only their proportions matter.
 */
export async function responsesCacheRequest(body: Record<string, unknown>): Promise<CacheRequest> {
  const placed: { key: string; path: string; text: string; marks?: TurnMarks }[] = [];
  if (typeof body.instructions === 'string' && body.instructions !== '') {
    placed.push({ key: contentKey(['instructions', body.instructions]), path: 'instructions', text: body.instructions });
  }
  for (const [index, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    placed.push({ key: contentKey(['tool', tool]), path: `tools[${index}]`, text: JSON.stringify(tool) });
  }
  const input = inputItems(body.input);
  for (const [at, item] of input.entries()) {
    const modelTurn = speaker(item) === 'assistant';
    const endsTurn = at + 1 < input.length && (speaker(input[at + 1]!) === 'assistant') !== modelTurn;
    placed.push({ key: contentKey(['item', item]), path: `input[${at}]`, text: tokenText(item), marks: turnMarks(endsTurn, modelTurn) });
  }
  const segments: CacheSegment[] = [];
  for (const { key, path, text, marks } of placed) {
    segments.push({ key, path, blocks: 1, tokens: (await countText(text)).tokens, ...marks });
  }
  return { model: typeof body.model === 'string' ? body.model : '', segments };
}
