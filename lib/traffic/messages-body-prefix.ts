import { type Block, messagesBodyParts } from '@/lib/wire/anthropic-messages/body-parts';

/**
 * What a counting endpoint is sent to count the first `depth` cache segments of a Messages request
 * (tools, then system blocks, then each message's blocks: the order `anthropicCacheRequest` gives
 * them). `count_tokens` needs at least one message, so a prefix that ends in the tools or the
 * system is counted with one placeholder message, and `placeholder` says the count of that message
 * alone is to be taken off.
 */
interface PrefixBody {
  body: Record<string, unknown>;
  placeholder: boolean;
}

/** The message a prefix without messages is counted with, and counted alone to be taken off. */
const PLACEHOLDER_MESSAGE = { role: 'user', content: '.' } as const;

/** A placeholder message counted alone, under the request's model. */
export function placeholderBody(model: unknown): Record<string, unknown> {
  return { model, messages: [PLACEHOLDER_MESSAGE] };
}

/**
 * The body for the first `depth` segments. Only what the count takes from a Messages body is kept:
 * the model, `thinking`, tools, `tool_choice` (while a tool is left), system and messages;
 * `max_tokens`, sampling and streaming settings are not prompt. Beta headers are not in a logged
 * body: a tool that needs one is refused by the count and keeps the offline scale.
 */
export function messagesBodyPrefix(body: Record<string, unknown>, depth: number): PrefixBody {
  const { tools, system, messages: parts } = messagesBodyParts(body);
  const keptTools = tools.slice(0, Math.min(depth, tools.length));
  const keptSystem = system.slice(0, Math.max(0, Math.min(depth - tools.length, system.length)));
  // Extended thinking changes what a request counts; it is a setting of the whole request.
  const head: Record<string, unknown> = { model: body.model, ...(body.thinking === undefined ? {} : { thinking: body.thinking }) };
  if (keptTools.length > 0) {
    head.tools = keptTools;
    if (body.tool_choice !== undefined) head.tool_choice = body.tool_choice;
  }
  if (keptSystem.length > 0) head.system = typeof body.system === 'string' && keptSystem.length === system.length ? body.system : keptSystem;
  let left = depth - tools.length - system.length;
  if (left <= 0) return { body: { ...head, messages: [PLACEHOLDER_MESSAGE] }, placeholder: true };
  const messages: Block[] = [];
  for (const { message, blocks } of parts) {
    if (left <= 0) break;
    if (blocks.length <= left) messages.push(message);
    else messages.push({ ...message, content: blocks.slice(0, left) });
    left -= blocks.length;
  }
  return { body: { ...head, messages }, placeholder: false };
}
