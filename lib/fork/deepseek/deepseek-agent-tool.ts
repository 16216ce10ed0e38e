import { promptOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { DEEPSEEK_POLICY, type DeepSeekForkRequest } from './deepseek-fork-request';

/**
 * The options the code read before publication took as the delegation tool's snake_case arguments
 * (`tools` the filter); 0.1 takes them from the tool's configuration instead, but a call that
 * still sends them is read as it was.
 */
const ARGUMENT_OF_OPTION = { persona: 'persona', toolFilter: 'tools', maxDepth: 'max_depth' } as const;
const CALL_PARAMETERS = ['description', 'run_in_background'] as const;

/**
 * DeepSeek Harness 0.1's fork tool as the shipped presets register it (dsh-base's
 * `tool-subagent-fork` row, toolName `subagent_fork`; its wording from dsh-tool-subagent), with
 * the one-shot background mode: byte for byte, since the parent model reads it.
 */
export const deepSeekAgentTool: RuntimeAgentTool<DeepSeekForkRequest> = {
  declaration: {
    name: 'subagent_fork',
    description:
      "Delegate a task to a subagent that inherits this conversation: a child agent seeded with all completed turns so far (it does not see the current in-flight turn). Use this when the subtask builds on this conversation's context — a follow-up analysis, a review, a continuation — without consuming this conversation's context for the work itself. You receive its result, not its intermediate steps. This call waits for the result by default. Set `run_in_background: true` to return a job id; collect with `job_output` and stop with `job_kill`.",
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string', description: 'A short (3-5 word) description of the delegated task, for display.' },
        prompt: {
          type: 'string',
          description: "The task for the subagent. It already sees this conversation's completed turns, so build on them freely and state only what is new.",
        },
        run_in_background: {
          type: 'boolean',
          description: 'Whether to run as a background job and return its id. Defaults to false; collect with job_output or stop with job_kill.',
        },
      },
      required: ['description', 'prompt'],
    },
  },
  requestFromCall: (input) => ({
    policy: DEEPSEEK_POLICY,
    directive: promptOf(input),
    params: {
      ...Object.fromEntries(CALL_PARAMETERS.filter((name) => name in input).map((name) => [name, input[name]])),
      ...Object.fromEntries(
        Object.entries(ARGUMENT_OF_OPTION)
          .filter(([, argument]) => argument in input)
          .map(([option, argument]) => [option, input[argument]]),
      ),
    },
  }),
  callInput: (request) =>
    Object.fromEntries(
      [
        ...CALL_PARAMETERS.map((name) => [name, request.params[name]]),
        ['prompt', request.directive],
        ...Object.entries(ARGUMENT_OF_OPTION).map(([option, argument]) => [argument, request.params[option as keyof typeof ARGUMENT_OF_OPTION]]),
      ].filter(([, value]) => value !== undefined),
    ),
};
