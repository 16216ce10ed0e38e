import { isRecord } from '@/lib/json/is-record';
import type { Block } from '@/lib/wire/anthropic-messages/body-parts';
import { withoutCacheControl } from '@/lib/wire/anthropic-messages/cache-control';

/**
 * A Messages API body translated from another API's, with where each of its blocks came from in
 * the body as sent: tools, then system, then messages, the order Anthropic caches them in.
 */
export interface TranslatedBody {
  body: Record<string, unknown>;
  /** The sent body's path of each block, in the order the translation's blocks are cached. */
  origins: string[];
  /** The translation's own path of each block (`tools[0]`, `system[1]`, `messages[2].content[0]`), in the same order. */
  blockPaths: string[];
}

interface Turn {
  role: 'user' | 'assistant';
  blocks: { block: Block; origin: string }[];
}

/** Consecutive turns of one role are one turn: the Messages API alternates user and assistant. */
export function pushTurn(turns: Turn[], role: Turn['role'], blocks: Turn['blocks']): void {
  const last = turns.at(-1);
  if (last !== undefined && last.role === role) last.blocks.push(...blocks);
  else turns.push({ role, blocks: [...blocks] });
}

/** The translation's body and origins from tools, system and turns, in cache order; `extra` is copied onto the body (a request-level `cache_control`). */
export function translated(
  model: string,
  tools: { block: Block; origin: string }[],
  system: { block: Block; origin: string }[],
  turns: readonly Turn[],
  extra: Record<string, unknown> = {},
): TranslatedBody {
  const body = {
    model,
    ...extra,
    ...(tools.length === 0 ? {} : { tools: tools.map(({ block }) => block) }),
    ...(system.length === 0 ? {} : { system: system.map(({ block }) => block) }),
    messages: turns.map(({ role, blocks }) => ({ role, content: blocks.map(({ block }) => block) })),
  };
  const origins = [...tools, ...system, ...turns.flatMap(({ blocks }) => blocks)].map(({ origin }) => origin);
  const blockPaths = [
    ...tools.map((_, index) => `tools[${index}]`),
    ...system.map((_, index) => `system[${index}]`),
    ...turns.flatMap(({ blocks }, at) => blocks.map((_, index) => `messages[${at}].content[${index}]`)),
  ];
  return { body, origins, blockPaths };
}

/**
 * A path into the translation (`system[1].text`) as the place in the body as sent
 * (`messages[3].content[0].text`); null when no block of the translation holds it.
 */
export function pathAsSent({ origins, blockPaths }: TranslatedBody, path: string): string | null {
  const at = blockPaths.findIndex((block) => path === block || path.startsWith(`${block}.`) || path.startsWith(`${block}[`));
  if (at === -1) return null;
  const rest = path.slice(blockPaths[at]!.length);
  const origin = origins[at]!;
  // A text is a text on both sides; any other block was reshaped (toolSpec.name became name), so
  // the block as sent is named and the word diff shows what changed in it. A chat message's string
  // content became one text block: that text is the content itself.
  if (rest !== '.text') return origin;
  return origin.endsWith('.content') ? origin : `${origin}.text`;
}

/** A Chat Completions content part as a Messages block: text stays text, its `cache_control` kept. */
function partBlock(part: Record<string, unknown>): Block {
  if (part.type === 'text') return { type: 'text', text: typeof part.text === 'string' ? part.text : '', ...cacheControlOf(part) };
  return part;
}

const cacheControlOf = (value: Record<string, unknown>) => (value.cache_control === undefined ? {} : { cache_control: value.cache_control });

/** A message's content as blocks with their paths: a string is one text block. */
function contentBlocks(message: Record<string, unknown>, at: number): { block: Block; origin: string }[] {
  const { content } = message;
  if (typeof content === 'string') return content === '' ? [] : [{ block: { type: 'text', text: content }, origin: `messages[${at}].content` }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part, index) => (isRecord(part) ? [{ block: partBlock(part), origin: `messages[${at}].content[${index}]` }] : []));
}

/**
 * A `cache_control` on the message itself marks its last block: OpenRouter's AI SDK provider puts
 * it there on system, assistant and tool messages (convertToOpenRouterChatMessages), and Anthropic's
 * breakpoint is the end of that block.
 */
function markedLast(message: Record<string, unknown>, blocks: { block: Block; origin: string }[]): { block: Block; origin: string }[] {
  const last = blocks.at(-1);
  if (message.cache_control === undefined || last === undefined || last.block.cache_control !== undefined) return blocks;
  return [...blocks.slice(0, -1), { ...last, block: { ...last.block, cache_control: message.cache_control } }];
}

function parsedArguments(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A Chat Completions body sent through a router to an Anthropic model (OpenRouter), as the
 * Messages request it becomes: system messages are the system blocks, a tool message is a
 * `tool_result` in the user's turn, an assistant's `tool_calls` are `tool_use` blocks, a function
 * tool is a tool with an `input_schema`, and every `cache_control` stays on the block it marked
 * (OpenRouter's prompt caching docs: Anthropic's caching "requires the use of cache_control
 * breakpoints", passed on). A tool message's breakpoint, on the message or on a part of its
 * content, marks its result.
 */
export function messagesBodyOfChat(body: Record<string, unknown>, model: string): TranslatedBody {
  const tools = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool, index) => {
    if (!isRecord(tool)) return [];
    const fn = isRecord(tool.function) ? tool.function : tool;
    const block: Block = { name: fn.name, ...(fn.description === undefined ? {} : { description: fn.description }), input_schema: fn.parameters ?? {} };
    return [{ block: { ...block, ...cacheControlOf(tool) }, origin: `tools[${index}]` }];
  });
  const system: { block: Block; origin: string }[] = [];
  const turns: Turn[] = [];
  const messages = Array.isArray(body.messages) ? body.messages : [];
  messages.forEach((message, at) => {
    if (!isRecord(message)) return;
    const blocks = markedLast(message, contentBlocks(message, at));
    if (message.role === 'system' || message.role === 'developer') {
      system.push(...blocks);
    } else if (message.role === 'assistant') {
      const calls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).flatMap((call, index) => {
        if (!isRecord(call)) return [];
        const fn = isRecord(call.function) ? call.function : {};
        const block: Block = { type: 'tool_use', id: call.id, name: fn.name, input: parsedArguments(fn.arguments) };
        return [{ block, origin: `messages[${at}].tool_calls[${index}]` }];
      });
      pushTurn(turns, 'assistant', markedLast(message, [...contentBlocks(message, at), ...calls]));
    } else if (message.role === 'tool') {
      const marked = message.cache_control ?? blocks.find(({ block }) => block.cache_control !== undefined)?.block.cache_control;
      const result: Block = {
        type: 'tool_result',
        tool_use_id: message.tool_call_id,
        content: withoutCacheControl(blocks.map(({ block }) => block)),
        ...(marked === undefined ? {} : { cache_control: marked }),
      };
      pushTurn(turns, 'user', [{ block: result, origin: `messages[${at}]` }]);
    } else {
      pushTurn(turns, 'user', blocks);
    }
  });
  // A request-level cache_control is OpenRouter's automatic caching, as it is Anthropic's: the breakpoint on the last block.
  return translated(model, tools, system, turns, body.cache_control === undefined ? {} : { cache_control: body.cache_control });
}
