import { argumentsOf, parametersOf, promptOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { QWEN_POLICY, type QwenForkRequest } from './qwen-fork-request';

const CALL_PARAMETERS = ['subagent_type', 'fork_turns', 'name'] as const;

/** The `agent` tool as Qwen Code declares it, and the request a call of it makes. */
export const qwenAgentTool: RuntimeAgentTool<QwenForkRequest> = {
  declaration: {
    name: 'agent',
    description:
      'Launch a subagent. With subagent_type "fork", a copy of you that inherits your conversation (fork_turns: "all" or the last N user turns) runs the prompt in the background.',
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string' },
        prompt: { type: 'string' },
        subagent_type: { type: 'string' },
        fork_turns: { type: 'string' },
        name: { type: 'string' },
      },
      required: ['prompt'],
    },
  },
  requestFromCall: (input) => ({
    policy: QWEN_POLICY,
    directive: promptOf(input),
    params: parametersOf(input, CALL_PARAMETERS),
  }),
  callInput: (request) => argumentsOf(request.params, request.directive),
};
