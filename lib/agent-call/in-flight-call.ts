import { FORK_RUNTIMES, type ForkPolicy, runtimeOf, type TranscriptMessage, toolCallsOf, toolResultIdsOf } from '@/lib/fork';

/**
 * The names a parent's Agent tool goes by: each runtime's own declaration (Codex's is
 * `spawn_agent`), and the spellings imported sessions use (Claude Code's `Task`, later `Agent`).
 */
export const AGENT_TOOL_NAMES: ReadonlySet<string> = new Set([
  'agent',
  'Agent',
  'task',
  'Task',
  ...FORK_RUNTIMES.map((runtime) => runtime.agentTool.declaration.name),
]);

/** Tools whose one call starts a family (Kimi's AgentSwarm): only their own runtime answers them. */
const FAMILY_TOOL_NAMES: ReadonlySet<string> = new Set(
  FORK_RUNTIMES.filter((runtime) => runtime.memberRequest !== undefined).map((runtime) => runtime.agentTool.declaration.name),
);

/**
 * The calls a runtime's fork answers: a family runtime's own tool, or any other Agent tool. A Kimi
 * `fork: true` child must not take an open AgentSwarm call for its own, nor a swarm an Agent call.
 */
export function agentToolNamesFor(policy: ForkPolicy): ReadonlySet<string> {
  const runtime = runtimeOf(policy);
  if (runtime.memberRequest !== undefined) return new Set([runtime.agentTool.declaration.name]);
  return new Set([...AGENT_TOOL_NAMES].filter((name) => !FAMILY_TOOL_NAMES.has(name)));
}

type ToolCall = ReturnType<typeof toolCallsOf>[number];

/**
 * The message holding the parent's Agent calls in flight at `end`: the last assistant message
 * before `end`, walking back over tool results (which answer that message's other calls) and user
 * messages that arrived while they ran, when one of its calls to `names` is unanswered. `open`:
 * those calls, in the message's order; the fork's result goes to one of them. Null when there is
 * none. `names`: the tools that count (every Agent tool when left out).
 */
export function inFlightCallMessage(
  messages: readonly TranscriptMessage[],
  end = messages.length,
  names: ReadonlySet<string> = AGENT_TOOL_NAMES,
): { index: number; open: ToolCall[] } | null {
  const answered = new Set<string>();
  for (let index = Math.min(end, messages.length) - 1; index >= 0; index -= 1) {
    const { message } = messages[index]!;
    if (message.role === 'tool' || message.role === 'user') {
      for (const toolCallId of toolResultIdsOf(message)) answered.add(toolCallId);
      continue;
    }
    if (message.role !== 'assistant') return null;
    const open = toolCallsOf(message).filter((call) => !answered.has(call.toolCallId) && names.has(call.toolName));
    return open.length === 0 ? null : { index, open };
  }
  return null;
}
