import { isRecord } from '@/lib/json/is-record';
import { metadataUserId } from '@/lib/wire/anthropic-messages/metadata';

/** Headers that name one agent's conversation, most specific first. */
const THREAD_HEADER = 'thread-id';
const SESSION_HEADER = /^(x-)?([a-z-]+-)?session[-_]?id$/i;
/** An agent's own id (`x-claude-code-agent-id`), not its parent's (`…-parent-agent-id`). */
const AGENT_HEADER = /^x-(?![a-z-]*parent-)[a-z-]*agent-id$/i;

/**
 * The runtime's own id for the conversation a request belongs to, where it sends one. Runtimes
 * share a session id between an agent and its sub-agents, so the most specific id wins:
 * - Codex sends `thread-id` per thread beside a `session-id` its sub-agents share
 *   (codex-rs `build_session_headers`; `AgentControl`: "every sub-agents from a common root share the
 *   same session ID");
 * - Claude Code sends `X-Claude-Code-Session-Id` and, from an agent, `x-claude-code-agent-id`;
 * - otherwise a session header, OpenAI's `prompt_cache_key` (Kimi Code sends its session id there,
 *   Codex its thread id), Anthropic's `metadata.user_id`, or the older `user`.
 * Null otherwise: those requests are grouped by prefix continuity when the traffic is checked.
 */
export function sessionKeyOf(body: unknown, headers: Headers): string | null {
  const named = [...headers];
  const thread = headers.get(THREAD_HEADER);
  if (thread) return `header:${THREAD_HEADER}:${thread}`;
  const session = named.find(([name]) => SESSION_HEADER.test(name))?.[1];
  const agent = named.find(([name]) => AGENT_HEADER.test(name))?.[1];
  if (session) return `header:${session}${agent ? ` agent:${agent}` : ''}`;
  if (!isRecord(body)) return null;
  if (typeof body.prompt_cache_key === 'string' && body.prompt_cache_key !== '') return `prompt_cache_key:${body.prompt_cache_key}`;
  const userId = metadataUserId(body);
  if (userId !== null) return `metadata.user_id:${userId}`;
  if (typeof body.user === 'string' && body.user !== '') return `user:${body.user}`;
  return null;
}
