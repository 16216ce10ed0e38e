import type { SystemModelMessage, UserModelMessage } from '../transcript/transcript';

/*
 * What Codex 0.169 writes around a forked child, byte for byte as its traffic shows it
 * (`fork-lab verify`, codex@0.169.0; the same texts in the model catalog's `gpt-5.5` entry and in
 * the fallback a model outside the catalog gets). The usage hints come from the model catalog, not
 * from a constant: another model's entry (`gpt-6-luna`, say) words them otherwise.
 */

/** The developer message a full-history child is told who it is by, right after the inherited items. */
export const SPAWNED_CHILD_NOTICE =
  'You are now a newly spawned child agent. The preceding conversation is inherited parent context. Follow your own role, identity, and task below; earlier identities, tasks, and action-specific approvals belong to your ancestors. Inherited tool calls are historical records; live tool sessions and process handles are not inherited. Report your result to your parent.';

/**
 * The paragraphs both usage hints end with, word for word: how to call the collaboration tools, the
 * shared directory, waiting, the concurrency slots and the full-history lock the hint still states.
 */
const TEAM_RULES_0169 = `

Note that collaboration tools cannot be called from inside \`functions.exec\`. Call \`spawn_agent\`, \`send_message\`, \`followup_task\`, \`wait_agent\`, \`interrupt_agent\`, and \`list_agents\` only as direct tool calls using the recipient shown in their tool definitions, such as \`to=functions.collaboration.spawn_agent\`, since they are intentionally absent from the \`functions.exec\` \`tools.*\` namespace. Available tools in \`functions.exec\` are explicitly described with a \`tools\` namespace in the developer message.

All agents share the same directory. In detail:
- All agents have access to the same container and filesystem as you.
- All agents use the same current working directory.
- As a result, edits made by one agent are immediately visible to all other agents.

When calling \`wait_agent\`, prefer longer waits (minutes) to avoid busy polling.

There are 4 available concurrency slots, meaning that up to 4 agents can be active at once, including you.

Full-history forks (\`fork_turns\` omitted or \`"all"\`) inherit the parent model and reasoning effort and do not accept overrides. Only set \`model\` or \`reasoning_effort\` when explicitly requested by the user, applicable \`AGENTS.md\` instructions, or skill instructions; when doing so, set \`fork_turns\` to \`"none"\`.`;

/** The root agent's usage hint: the parent's own developer message, which a 0.169 fork keeps. */
export const ROOT_USAGE_HINT_0169 = `You are \`/root\`, the primary agent in a team of agents collaborating to fulfill the user's goals.

At the start of your turn, you are the active agent.
You can spawn sub-agents to handle subtasks, and those sub-agents can spawn their own sub-agents.
All agents in the team, including the agents that you can assign tasks to, are equally intelligent and capable, and have access to the same set of tools.

You can use \`spawn_agent\` to create a new agent, \`followup_task\` to give an existing agent a new task and trigger a turn, and \`send_message\` to pass a message to a running agent without triggering a turn.
Child agents can also spawn their own sub-agents.
You can decide how much context you want to propagate to your sub-agents with the \`fork_turns\` parameter.

You will receive messages in the analysis channel in the form:
\`\`\`
Message Type: MESSAGE | FINAL_ANSWER
Task name: <recipient>
Sender: <author>
Payload:
<payload text>
\`\`\`
They may be addressed as to=/root${TEAM_RULES_0169}`;

/** The child's usage hint, which a full-history fork appends after the notice. */
export const SUBAGENT_USAGE_HINT_0169 = `You are an agent in a team of agents collaborating to complete a task.

You can spawn sub-agents to handle subtasks, and those sub-agents can spawn their own sub-agents. All agents in the team, including the agents that you can assign tasks to, are equally intelligent and capable, and have access to the same set of tools.

You can use \`spawn_agent\` to create a new agent, \`followup_task\` to give an existing agent a new task and trigger a turn, and \`send_message\` to pass a message to a running agent.
Child agents can also spawn their own sub-agents.

When you provide a response in the final channel, that content is immediately delivered back to your parent agent.

You will receive messages in the analysis channel in the form:
\`\`\`
Message Type: NEW_TASK | MESSAGE | FINAL_ANSWER
Task name: <recipient>
Sender: <author>
Payload:
<payload text>
\`\`\`
You may also see them addressed as to=/root/..., which indicates your identity is /root/...${TEAM_RULES_0169}`;

/** The multi-agent mode every agent's context holds; a full-history fork appends it once more. */
export const MULTI_AGENT_MODE =
  '<multi_agent_mode>Any earlier instruction enabling proactive multi-agent delegation no longer applies. Do not spawn sub-agents unless the user or applicable AGENTS.md/skill instructions explicitly ask for sub-agents, delegation, or parallel agent work.</multi_agent_mode>';

/**
 * What a call still open when the child forks is answered with: Codex repairs the inherited history
 * so that no call lacks an output, the spawn call itself included.
 */
export const OPEN_CALL_OUTPUT = 'aborted';

export function developerMessage(text: string): SystemModelMessage {
  return { role: 'system', content: text };
}

/** What an agent message is for: a new task, a message, or the final answer a child reports. */
export type AgentMessageType = 'NEW_TASK' | 'MESSAGE' | 'FINAL_ANSWER';

/** The header Codex writes before an agent message's payload (`Task name` is the recipient's path). */
export function agentMessageHeader(type: AgentMessageType, recipient: string, sender: string): string {
  return `Message Type: ${type}\nTask name: ${recipient}\nSender: ${sender}\nPayload:\n`;
}

/**
 * The task as a 0.169 child receives it: an `agent_message` input item from the caller to the
 * child's path, its header one text and the call's `message` another (an `encrypted_content` part:
 * Codex treats the argument as ciphertext unless the model marked it plain, and sends a plain text
 * as it is). Fork Lab carries an agent message as a user message with those two texts, which is
 * how its importer reads the item.
 */
export function newTaskMessage(author: string, taskName: string, payload: string): UserModelMessage {
  const recipient = `${author}/${taskName}`;
  return {
    role: 'user',
    content: [
      { type: 'text', text: agentMessageHeader('NEW_TASK', recipient, author) },
      { type: 'text', text: payload },
    ],
  };
}

const HEADER = /^Message Type: (NEW_TASK|MESSAGE|FINAL_ANSWER)\nTask name: [^\n]*\nSender: [^\n]*\nPayload:\n/;

/** An agent message's type and payload, when a text is one (its parts joined, with or without a line between). */
export function agentMessageOf(text: string): { type: AgentMessageType; payload: string } | null {
  const header = HEADER.exec(text);
  if (header === null) return null;
  return { type: header[1] as AgentMessageType, payload: text.slice(header[0].length).replace(/^\n/, '') };
}
