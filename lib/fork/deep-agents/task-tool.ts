import type { ToolDeclaration } from '../transcript/transcript';

/**
 * The `task` tool as deepagents 1.14.1 declares it (`createTaskTool` and `getTaskToolDescription`
 * in dist/langsmith-Bgi_Ta-k.js), for the subagents a program has. Seen in 1.14.1 traffic: the
 * declaration of every parent request (verify fork-all, compiled-fork, not-a-fork).
 */

/** `DEFAULT_GENERAL_PURPOSE_DESCRIPTION`: the subagent every deep agent has unless the program names one so. */
export const GENERAL_PURPOSE = 'general-purpose';
export const GENERAL_PURPOSE_DESCRIPTION =
  'General-purpose agent for researching complex questions, searching for files and content, and executing multi-step tasks. When you are searching for a keyword or file and are not confident that you will find the right match in the first few tries use this agent to perform the search for you. This agent has access to all tools as the main agent.';

/** What a fork's line adds, declarative (`FORKED_SUBAGENT_TOOL_NOTE`) or compiled (`COMPILED_FORKED_SUBAGENT_TOOL_NOTE`). */
const FORK_NOTE = ' (inherits your full conversation and system prompt — no need to restate context here)';
const COMPILED_FORK_NOTE = ' (inherits your conversation history — its system prompt is fixed in its own runnable)';

export interface ListedSubagent {
  name: string;
  description: string;
  mode: 'isolated' | 'fork';
  compiled: boolean;
}

/** `describeSubagentForTool`: one line of the listing. */
function listingLine(agent: ListedSubagent): string {
  const note = agent.mode === 'fork' ? (agent.compiled ? COMPILED_FORK_NOTE : FORK_NOTE) : '';
  return `- ${agent.name}: ${agent.description}${note}`;
}

/** The tool's description: the listing between the package's fixed paragraphs, as its `context` tag dedents them. */
export function taskToolDescription(agents: readonly ListedSubagent[]): string {
  return `Launch an ephemeral subagent to handle a complex, multi-step task.

Available agent types and the tools they have access to:
${agents.map(listingLine).join('\n')}

Specify subagent_type to select the agent. Usage notes:
- Launch multiple agents concurrently when their tasks are independent, using a single message with multiple tool calls.
- Each invocation is stateless by default: the agent sees only the prompt you give it and returns a single final report. Put full detail in the prompt and state exactly what it should return — unless an agent type below says it inherits your conversation instead.
- The agent's report is not shown to the user; relay a summary yourself.
- Tell the agent whether to create content, analyze, or only research, since it can't necessarily see the user's intent unless it inherits your conversation, as noted per agent type below.
- If an agent's description says to use it proactively, do so without waiting to be asked.
- When only general-purpose is available, use it for any complex, context-heavy task; it has the same capabilities as the main agent.`;
}

/**
 * The declaration. Its input schema is the package's zod object as the provider SDKs send it,
 * less the `$schema` key they add: both arguments required, nothing else taken.
 */
export function taskToolDeclaration(agents: readonly ListedSubagent[]): ToolDeclaration {
  return {
    name: 'task',
    description: taskToolDescription(agents),
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string', description: 'The task to execute with the selected agent' },
        subagent_type: { type: 'string', description: `Name of the agent to use. Available: ${agents.map((agent) => agent.name).join(', ')}` },
      },
      required: ['description', 'subagent_type'],
      additionalProperties: false,
    },
  };
}
