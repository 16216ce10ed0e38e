import type { AssistantModelMessage, SystemModelMessage } from '../transcript/transcript';

/*
 * The messages Codex itself writes around a MultiAgentV2 child: the usage hints of its default
 * config (`DEFAULT_MULTI_AGENT_V2_ROOT_AGENT_USAGE_HINT_TEXT` and `..._SUBAGENT_...` in
 * codex-rs/core/src/config/mod.rs; their wording changed between releases, these are the defaults
 * of the version these rules follow) and the inter-agent communication that carries a task
 * (`InterAgentCommunication::to_response_input_item` in codex-rs/protocol).
 */

export const ROOT_AGENT_USAGE_HINT = `You are \`/root\`, the primary agent in a team of agents collaborating to fulfill the user's goals.

At the start of your turn, you are the active agent.
You can spawn sub-agents to handle subtasks, and those sub-agents can spawn their own sub-agents.
All agents in the team, including the agents that you can assign tasks to, are equally intelligent and capable, and have access to the same set of tools.

You can use \`spawn_agent\` to create a new agent, \`followup_task\` to give an existing agent a new task and trigger a turn, and \`send_message\` to pass a message to a running agent without triggering a turn.
Child agents can also spawn their own sub-agents.
You can decide how much context you want to propagate to your sub-agents with the \`fork_turns\` parameter.

You will receive messages in the analysis channel in the form:
\`\`\`
Message Type: MESSAGE | FINAL_ANSWER
Sender: <author>
Payload:
<payload text>
\`\`\`
They may be addressed as to=/root
`;

export const SUBAGENT_USAGE_HINT = `You are an agent in a team of agents collaborating to complete a task.

You can spawn sub-agents to handle subtasks, and those sub-agents can spawn their own sub-agents. All agents in the team, including the agents that you can assign tasks to, are equally intelligent and capable, and have access to the same set of tools.

You can use \`spawn_agent\` to create a new agent, \`followup_task\` to give an existing agent a new task and trigger a turn, and \`send_message\` to pass a message to a running agent.
Child agents can also spawn their own sub-agents.

When you provide a response in the final channel, that content is immediately delivered back to your parent agent.

You will receive messages in the analysis channel in the form:
\`\`\`
Message Type: NEW_TASK | MESSAGE | FINAL_ANSWER
Task name: <recipient>   # only for NEW_TASK -- this determines your identity
Sender: <author>
Payload:
<payload text>
\`\`\`
You may also see them addressed as to=/root/..., which indicates your identity is /root/...
`;

/**
 * `is_multi_agent_v2_usage_hint_message`: a developer message whose only content is exactly one of
 * the configured hint texts. Fork Lab's transcripts keep developer messages as system messages.
 */
export function isUsageHint(text: string): boolean {
  return text === ROOT_AGENT_USAGE_HINT || text === SUBAGENT_USAGE_HINT;
}

/** The child's own hint, which a full-history fork ends its inherited items with (`build_developer_update_item`). */
export function subagentUsageHintMessage(): SystemModelMessage {
  return { role: 'system', content: SUBAGENT_USAGE_HINT };
}

/** The root agent's path; Fork Lab does not track the paths of agents below it. */
export const ROOT_AGENT_PATH = '/root';

/**
 * The task as the child receives it: an inter-agent communication from the caller to the child's
 * path (`<caller>/<task_name>`) that triggers a turn, recorded as an assistant message in the
 * commentary phase whose text is the communication's JSON, fields in the struct's order. Neither
 * a notice nor a framing is added: the task text is the call's `message`, byte for byte.
 */
export function interAgentTask(author: string, taskName: string, content: string): AssistantModelMessage {
  const communication = { author, recipient: `${author}/${taskName}`, other_recipients: [], content, trigger_turn: true };
  return { role: 'assistant', content: [{ type: 'text', text: JSON.stringify(communication), providerOptions: { openai: { phase: 'commentary' } } }] };
}

/** The communication a text carries, when it is one: for readers of the child's prompt. */
export function interAgentContent(text: string): string | null {
  if (!text.startsWith('{"author":')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object') return null;
    const { content, trigger_turn: triggerTurn } = parsed as Record<string, unknown>;
    return typeof content === 'string' && typeof triggerTurn === 'boolean' ? content : null;
  } catch {
    return null;
  }
}
