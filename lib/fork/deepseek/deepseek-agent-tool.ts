import { promptOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { DEEPSEEK_POLICY, type DeepSeekForkRequest } from './deepseek-fork-request';

/**
 * The delegation tool's arguments are snake_case and name the tool list `tools`; the harness
 * passes them to the fork as its options (`maxDepth`, `persona`, `toolFilter`).
 */
const ARGUMENT_OF_OPTION = { persona: 'persona', toolFilter: 'tools', maxDepth: 'max_depth' } as const;

export const deepSeekAgentTool: RuntimeAgentTool<DeepSeekForkRequest> = {
  declaration: {
    name: 'agent',
    description: 'Delegate a task to a child agent that inherits your completed turns.',
    inputSchema: {
      type: 'object',
      properties: {
        prompt: { type: 'string' },
        persona: { type: 'string' },
        tools: { type: 'array', items: { type: 'string' } },
        max_depth: { type: 'integer' },
      },
      required: ['prompt'],
    },
  },
  requestFromCall: (input) => ({
    policy: DEEPSEEK_POLICY,
    directive: promptOf(input),
    params: Object.fromEntries(
      Object.entries(ARGUMENT_OF_OPTION)
        .filter(([, argument]) => argument in input)
        .map(([option, argument]) => [option, input[argument]]),
    ),
  }),
  callInput: (request) =>
    Object.fromEntries(
      [
        ['prompt', request.directive],
        ...Object.entries(ARGUMENT_OF_OPTION).map(([option, argument]) => [argument, request.params[option as keyof typeof ARGUMENT_OF_OPTION]]),
      ].filter(([, value]) => value !== undefined),
    ),
};
