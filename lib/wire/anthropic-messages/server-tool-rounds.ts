import { isRecord } from '@/lib/json/is-record';

type Block = Record<string, unknown>;

/**
 * A block the provider's own server produced by running a tool (`web_search_tool_result`,
 * `bash_code_execution_tool_result`, `mcp_tool_result`, …). A client's `tool_result` never appears
 * in an answer: the client sends it in the next request.
 */
function isServerToolResult(block: Block): boolean {
  return typeof block.type === 'string' && block.type.endsWith('_tool_result') && block.type !== 'tool_result';
}

/**
 * More rounds than a call runs: the API pauses a server tool loop long before (`pause_turn`), and
 * each round is the whole request again, so the rounds of an answer that claims more are not
 * replayed (the call is predicted as its first round).
 */
export const MAX_SERVER_ROUNDS = 32;

/**
 * The answer's blocks as they stood each time Anthropic ran the model again inside the same call.
 * A server tool (web search, code execution, MCP) runs between two sampling rounds, and each round
 * is a request of its own to the cache: the request as sent plus the answer so far. The call's
 * usage adds up every round (the SDK documents `message_delta`'s counts as cumulative); on the
 * pydantic-ai code-execution cassettes the one-round figures could not be read any other way (a
 * first call that read 4,332 tokens and wrote 4,513 is two rounds over a 4,332-token prefix).
 * Server results side by side (parallel calls) end one round, not several.
 */
export function serverToolRounds(content: readonly unknown[]): Block[][] {
  const blocks = content.filter(isRecord);
  const ends: number[] = [];
  for (let at = 0; at + 1 < blocks.length; at += 1) {
    if (isServerToolResult(blocks[at]!) && !isServerToolResult(blocks[at + 1]!)) ends.push(at + 1);
    // More than a call runs: replaying only some would set part of the rounds against usage that counts them all.
    if (ends.length > MAX_SERVER_ROUNDS) return [];
  }
  return ends.map((end) => blocks.slice(0, end));
}
