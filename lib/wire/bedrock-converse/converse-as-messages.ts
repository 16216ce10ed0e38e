import { isRecord } from '@/lib/json/is-record';
import type { Block } from '@/lib/wire/anthropic-messages/body-parts';
import { pushTurn, type TranslatedBody, translated } from '../openai-chat/chat-as-messages';

type Placed = { block: Block; origin: string };

/** Bedrock's `cachePoint` as the breakpoint it stands for: Anthropic's `cache_control`, with its lifetime when it names one. */
function breakpointOf(point: unknown): Record<string, unknown> {
  const ttl = isRecord(point) && typeof point.ttl === 'string' ? { ttl: point.ttl } : {};
  return { type: 'ephemeral', ...ttl };
}

/**
 * A Converse list (system, content or tools) as blocks: a `cachePoint` is no block of its own but
 * the breakpoint after the one before it, the end of the prefix it asks to cache
 * (docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html, cache checkpoints).
 */
function withCachePoints(items: unknown, path: string, toBlock: (item: Record<string, unknown>) => Block): Placed[] {
  const placed: Placed[] = [];
  (Array.isArray(items) ? items : []).forEach((item, index) => {
    if (!isRecord(item)) return;
    if (item.cachePoint !== undefined) {
      const last = placed.at(-1);
      if (last !== undefined) last.block = { ...last.block, cache_control: breakpointOf(item.cachePoint) };
      return;
    }
    placed.push({ block: toBlock(item), origin: `${path}[${index}]` });
  });
  return placed;
}

/** A Converse content block as the Messages block Bedrock hands an Anthropic model. */
function contentBlock(item: Record<string, unknown>): Block {
  if (typeof item.text === 'string') return { type: 'text', text: item.text };
  if (isRecord(item.toolUse)) return { type: 'tool_use', id: item.toolUse.toolUseId, name: item.toolUse.name, input: item.toolUse.input ?? {} };
  if (isRecord(item.toolResult)) {
    const { toolUseId, content, status } = item.toolResult;
    return { type: 'tool_result', tool_use_id: toolUseId, content: Array.isArray(content) ? content : [], ...(status === 'error' ? { is_error: true } : {}) };
  }
  if (isRecord(item.reasoningContent)) {
    // The model's reasoning as Anthropic's thinking block: its text is read, its signature is a check, not prompt.
    const { reasoningText, redactedContent } = item.reasoningContent;
    if (isRecord(reasoningText))
      return { type: 'thinking', thinking: reasoningText.text, ...(reasoningText.signature === undefined ? {} : { signature: reasoningText.signature }) };
    return { type: 'redacted_thinking', data: redactedContent };
  }
  // A document or an image is counted as what was sent: its bytes stand for its content.
  return item;
}

function toolBlock(item: Record<string, unknown>): Block {
  const spec = isRecord(item.toolSpec) ? item.toolSpec : item;
  const schema = isRecord(spec.inputSchema) ? (spec.inputSchema.json ?? spec.inputSchema) : {};
  return { name: spec.name, ...(spec.description === undefined ? {} : { description: spec.description }), input_schema: schema };
}

/**
 * A Bedrock Converse body to an Anthropic model, as the Messages request the model reads: the
 * system list is the system blocks, `toolConfig.tools` the tools, each message's content its
 * blocks, and each `cachePoint` the breakpoint on the block before it. Bedrock caches an Anthropic
 * model's prompt by Anthropic's rule: checkpoints, a 5-minute lifetime reset by each hit, the
 * model's minimum per checkpoint, and about 20 blocks looked back from one (the same page).
 */
export function messagesBodyOfConverse(body: Record<string, unknown>, model: string): TranslatedBody {
  const toolConfig = isRecord(body.toolConfig) ? body.toolConfig : {};
  const tools = withCachePoints(toolConfig.tools, 'toolConfig.tools', toolBlock);
  const system = withCachePoints(body.system, 'system', (item) => (typeof item.text === 'string' ? { type: 'text', text: item.text } : item));
  const turns: Parameters<typeof pushTurn>[0] = [];
  (Array.isArray(body.messages) ? body.messages : []).forEach((message, at) => {
    if (!isRecord(message)) return;
    const blocks = withCachePoints(message.content, `messages[${at}].content`, contentBlock);
    pushTurn(turns, message.role === 'assistant' ? 'assistant' : 'user', blocks);
  });
  return translated(model, tools, system, turns);
}
