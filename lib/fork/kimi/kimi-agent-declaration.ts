/**
 * Kimi Code 2.1's Agent tool as it declares itself to the model with the `subagent_fork` flag on and
 * no secondary model pool (`SubagentTool` in agent-core-v2, read off the request 2.1.0 sends): the
 * description lists the built-in agent types, and the schema has `fork` only with the flag on and
 * `model` only with a pool. Byte for byte, since the parent model reads it.
 */
export const KIMI_AGENT_TOOL_NAME = 'Agent';

export const KIMI_AGENT_DESCRIPTION =
  'Launch a subagent to handle a task. The subagent runs as a same-process loop instance with its own context and wire file. Delegating also keeps the bulk of intermediate file contents out of your own context — you get a conclusion back instead of a pile of dumps.\n' +
  '\n' +
  'Writing the prompt:\n' +
  '- The subagent starts with zero context — it has not seen this conversation. Brief it like a colleague who just walked into the room: state the goal, list what you already know, hand over the specifics.\n' +
  '- Lookups (read this file, run that test): put the exact path or command in the prompt. The subagent should not have to search for things you already know.\n' +
  '- Investigations (figure out X, find why Y): give the question, not prescribed steps — fixed steps become dead weight when the premise is wrong.\n' +
  '- Do not delegate understanding. If the task hinges on a file path or line number, find it yourself first and write it into the prompt.\n' +
  '\n' +
  'Usage notes:\n' +
  '- When the task continues earlier work a subagent already did, prefer resuming that agent (pass its `resume` id) over spawning a fresh instance — the resumed agent keeps its prior context.\n' +
  "- A subagent's result is only visible to you, not to the user. When the user needs to see what a subagent produced, summarize the relevant parts yourself in your own reply.\n" +
  '\n' +
  'When NOT to use Agent: skip delegation for trivial work you can do directly — reading a file whose path you already know, searching a small known set of files, or any task that takes only a step or two. Delegation has a context-handoff cost; it pays off only when the task is substantial enough to outweigh it.\n' +
  '\n' +
  'Once a subagent is running, leave that scope to it: do not redo its searches or reads in parallel, and do not abandon it midway and finish the job manually. Both undo the context savings the delegation was meant to buy.\n' +
  '\n' +
  '\n' +
  'When `run_in_background=true`, the subagent runs detached from this turn. The completion arrives in a later turn as a synthetic user-role message containing its result — you do not need to poll, sleep, or check on its progress. Continue with other work or respond to the user. Never fabricate or predict what the result will say.\n' +
  '\n' +
  'Default to a foreground subagent (omit `run_in_background`) when your next step needs its result — foreground hands the result straight back. Reach for `run_in_background=true` only when you have other work to do while it runs and do not need its result to proceed. Never launch in the background and then immediately wait on it (by polling `TaskOutput`, sleeping, or otherwise): that just blocks the turn for no benefit — run it in the foreground instead.\n' +
  '\n' +
  '\n' +
  'Context forking: when the task builds on this conversation, pass `fork: true` instead of briefing from scratch — the subagent then starts with a snapshot of your completed history (inheriting your own agent type, tool set, and model), so the prompt only needs the task itself. A non-empty `resume` is rejected with `fork`; `subagent_type` must match your own agent type; `model` must be your own model or `primary`.\n' +
  '\n' +
  'Available agent types (pass via subagent_type):\n' +
  '- plan: Read-only implementation planning and architecture design. Use this agent when the parent agent needs a step-by-step implementation plan, key file identification, and architectural trade-off analysis before code changes are made.\n' +
  '  Tools: Read, ReadMediaFile, Glob, Grep, WebSearch, FetchURL\n' +
  '- coder: General software engineering agent — the only subagent type with file-editing tools; use it for any delegated task that must modify code. Use this agent for non-trivial software engineering work that may require reading files, editing code, running commands, and returning a compact but technically complete summary to the parent agent.\n' +
  '  Tools: Bash, CronCreate, CronDelete, CronList, Edit, EnterPlanMode, ExitPlanMode, Glob, Grep, Read, ReadMediaFile, Skill, TaskList, TaskOutput, TaskStop, TodoList, WaitFor, WebSearch, FetchURL, Write, mcp__*\n' +
  '- explore: Fast codebase exploration with prompt-enforced read-only behavior. Fast agent specialized for exploring codebases. Use this when you need to quickly find files by patterns (e.g. "src/**/*.yaml"), search code for keywords (e.g. "database connection"), or answer questions about the codebase (e.g. "how does the auth module work?"). When calling this agent, specify the desired thoroughness level: "quick" for basic searches, "medium" for moderate exploration, or "thorough" for comprehensive analysis across multiple locations and naming conventions. Use this agent for any read-only exploration that will clearly require more than 3 search queries. Prefer launching multiple explore agents concurrently when investigating independent questions.\n' +
  '  Tools: Bash, Read, ReadMediaFile, Glob, Grep, WebSearch, FetchURL';

export const KIMI_AGENT_PARAMETERS: Record<string, unknown> = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    prompt: {
      type: 'string',
      description: 'Full task prompt for the subagent',
    },
    description: {
      type: 'string',
      description: 'Short task description (3-5 words) for UI display',
    },
    subagent_type: {
      description: 'One of the available agent types (see "Available agent types" in this tool description). Defaults to "coder" when omitted.',
      type: 'string',
    },
    resume: {
      description:
        'Optional agent ID to resume instead of creating a new instance. When set, do not also pass subagent_type — the resumed agent keeps its own type, and supplying both is rejected.',
      type: 'string',
    },
    run_in_background: {
      description:
        'If true, return immediately without waiting for completion. Prefer false unless the task can run independently and there is a clear benefit to not waiting.',
      type: 'boolean',
    },
    fork: {
      description:
        "Fork the current context: the subagent starts with a snapshot of this agent's completed conversation history instead of zero context, inheriting this agent's agent type, tool set, and model. A non-empty resume is rejected. If subagent_type is provided, it must match this agent's type; if model is provided, it must be this agent's model or \"primary\". Different types and model overrides are rejected.",
      type: 'boolean',
    },
  },
  required: ['prompt', 'description'],
  additionalProperties: false,
};
