import { isRecord } from '@/lib/json/is-record';

type Block = Record<string, unknown>;

/** A streamed text field grows by its deltas (a Map: a delta type such as `constructor` names nothing). */
const APPENDED = new Map([
  ['text_delta', 'text'],
  ['thinking_delta', 'thinking'],
  ['signature_delta', 'signature'],
]);

function parsedOr(json: string, fallback: unknown): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return fallback;
  }
}

/**
 * The content of a streamed Messages answer, from its server-sent events already parsed
 * (`streamEventData`): each block opens whole in `content_block_start` and grows by its deltas
 * (text, thinking, a signature, a tool's input as JSON in pieces, read once whole at the end, so a
 * stream cut before `content_block_stop` still gives what it finished). Blocks are kept by index in
 * a map: an index is the stream's word, not an array size, so a huge one costs nothing. Null when
 * the stream holds no Messages content.
 */
export function messageContentOfEvents(events: readonly unknown[]): Block[] | null {
  const blocks = new Map<number, { block: Block; input: string }>();
  for (const event of events) {
    if (!isRecord(event) || typeof event.index !== 'number') continue;
    const { index } = event;
    if (event.type === 'content_block_start' && isRecord(event.content_block)) {
      blocks.set(index, { block: { ...event.content_block }, input: '' });
      continue;
    }
    const open = blocks.get(index);
    if (event.type !== 'content_block_delta' || open === undefined || !isRecord(event.delta)) continue;
    const { block } = open;
    const { delta } = event;
    const field = typeof delta.type === 'string' ? APPENDED.get(delta.type) : undefined;
    if (field !== undefined && typeof delta[field] === 'string') block[field] = `${typeof block[field] === 'string' ? block[field] : ''}${delta[field]}`;
    if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') open.input += delta.partial_json;
  }
  if (blocks.size === 0) return null;
  return [...blocks.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { block, input }]) => (input === '' ? block : { ...block, input: parsedOr(input, block.input ?? {}) }));
}
