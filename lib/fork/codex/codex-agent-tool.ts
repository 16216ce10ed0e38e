import { parametersOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { CODEX_FINAL_ANSWER_RULES, CODEX_LOCK_VARIANTS, CODEX_POLICY, type CodexForkRequest } from './codex-fork-request';

const CALL_PARAMETERS = ['task_name', 'agent_type', 'model', 'reasoning_effort', 'fork_turns', 'fork_context'] as const;

/**
 * `spawn_agent_tool_description_v2` (codex-rs/core/src/tools/handlers/multi_agents_spec.rs), its
 * leading white space kept. Its role list, model list and concurrency line come from the session's
 * config; Fork Lab has none, so they render empty, and the inherited-model sentence stands as written.
 */
const DESCRIPTION = `
        
        Spawns an agent to work on the specified task. If your current task is \`/root/task1\` and you spawn_agent with task_name "task_3" the agent will have canonical task name \`/root/task1/task_3\`.
You are then able to refer to this agent as \`task_3\` or \`/root/task1/task_3\` interchangeably. However an agent \`/root/task2/task_3\` would only be able to communicate with this agent via its canonical name \`/root/task1/task_3\`.
The spawned agent will have the same tools as you and the ability to spawn its own subagents.
Spawned agents inherit your current model by default. Omit \`model\` to use that preferred default; set \`model\` only when an explicit override is needed.
It will be able to send you and other running agents messages, and its final answer will be provided to you when it finishes.
The new agent's canonical task name will be provided to it along with the message.
`;

/** MultiAgentV2's `spawn_agent`, as Codex declares it (properties in the order its schema map writes them). */
export const codexAgentTool: RuntimeAgentTool<CodexForkRequest> = {
  declaration: {
    name: 'spawn_agent',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        agent_type: { type: 'string', description: 'Optional type name for the new agent. If omitted, `default` is used.' },
        fork_turns: {
          type: 'string',
          description:
            'Optional number of turns to fork. Defaults to `all`. Use `none`, `all`, or a positive integer string such as `3` to fork only the most recent turns.',
        },
        message: { type: 'string', description: 'Initial plain-text task for the new agent.' },
        model: { type: 'string', description: 'Model override for the new agent. Omit unless an explicit override is needed.' },
        reasoning_effort: { type: 'string', description: 'Reasoning effort override for the new agent. Omit to inherit the parent effort.' },
        task_name: { type: 'string', description: 'Task name for the new agent. Use lowercase letters, digits, and underscores.' },
      },
      required: ['task_name', 'message'],
      additionalProperties: false,
    },
  },
  requestFromCall: (input, settings) => {
    const lock = CODEX_LOCK_VARIANTS.find((variant) => variant === settings.lock);
    const finalAnswers = CODEX_FINAL_ANSWER_RULES.find((rule) => rule === settings.finalAnswers);
    // What the request's fields cannot hold goes with it as written, for Codex's decoder to refuse.
    const unusual =
      typeof input.message !== 'string' || Object.keys(input).some((key) => key !== 'message' && !(CALL_PARAMETERS as readonly string[]).includes(key));
    return {
      policy: CODEX_POLICY,
      directive: typeof input.message === 'string' ? input.message : '',
      params: parametersOf(input, CALL_PARAMETERS),
      ...(lock ? { lock } : {}),
      ...(finalAnswers ? { finalAnswers } : {}),
      ...(unusual ? { call: { ...input } } : {}),
    };
  },
  callInput: (request) =>
    request.call !== undefined
      ? { ...request.call }
      : { message: request.directive, ...Object.fromEntries(Object.entries(request.params).filter(([, value]) => value !== undefined)) },
};
