import { parametersOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { CODEX_FINAL_ANSWER_RULES, CODEX_LOCK_VARIANTS, CODEX_POLICY, type CodexForkRequest } from './codex-fork-request';

const CALL_PARAMETERS = ['task_name', 'agent_type', 'model', 'reasoning_effort', 'fork_turns', 'fork_context'] as const;

/**
 * `spawn_agent`'s description as 0.169 sends it (verify, codex@0.169.0), less its first lines: there
 * Codex lists the model overrides of its model catalog ("Available model overrides …"), which Fork
 * Lab does not have. The inherited-model sentence of codex-rs as read is gone; the `fork_turns`
 * note closes it.
 */
const DESCRIPTION = `
        Spawns an agent to work on the specified task. If your current task is \`/root/task1\` and you spawn_agent with task_name "task_3" the agent will have canonical task name \`/root/task1/task_3\`.
You are then able to refer to this agent as \`task_3\` or \`/root/task1/task_3\` interchangeably. However an agent \`/root/task2/task_3\` would only be able to communicate with this agent via its canonical name \`/root/task1/task_3\`.
The spawned agent will have the same tools as you and the ability to spawn its own subagents.

It will be able to send you and other running agents messages, and its final answer will be provided to you when it finishes.
The new agent's canonical task name will be provided to it along with the message.

Note that passing \`fork_turns="none"\` will not pass any surrounding context to the spawned subagent, which may cause the agent to lack the context it needs to complete its task, whereas \`fork_turns="all"\` will provide the subagent with all surrounding context.`;

/**
 * MultiAgentV2's `spawn_agent` as 0.169 declares it: inside the `collaboration` namespace, properties
 * in the order its schema map writes them. 0.169 declares `agent_type` only when roles are
 * configured, and marks `message` with a non-standard `"encrypted": true`, which Fork Lab leaves
 * out (another provider may refuse an unknown schema keyword); it keeps `agent_type`, so that a call
 * naming a role still fits this tool.
 */
export const codexAgentTool: RuntimeAgentTool<CodexForkRequest> = {
  declaration: {
    name: 'spawn_agent',
    namespace: 'collaboration',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        agent_type: {
          type: 'string',
          description:
            'Agent type override for the new agent. Omit unless explicitly asked. The selected role applies regardless of how much parent history is inherited.',
        },
        fork_turns: {
          type: 'string',
          description: 'Parent history to inherit. Defaults to `all`; use `none` to start without parent history. Only `all` and `none` are supported.',
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
