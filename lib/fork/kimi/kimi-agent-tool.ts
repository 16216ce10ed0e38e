import { argumentsOf, parametersOf, promptOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { KIMI_NOTICE_VARIANTS, KIMI_POLICY, type KimiForkRequest, type KimiNoticeVariant } from './kimi-fork-request';

const CALL_PARAMETERS = ['fork', 'resume', 'subagent_type', 'model'] as const;

function noticeOf(value: string | undefined): KimiNoticeVariant | undefined {
  return KIMI_NOTICE_VARIANTS.find((variant) => variant === value);
}

/** The `agent` tool as Kimi Code declares it, and the request a call of it makes. */
export const kimiAgentTool: RuntimeAgentTool<KimiForkRequest> = {
  declaration: {
    name: 'agent',
    description: 'Start a subagent. fork: true starts a copy of you with your whole history; resume continues an existing agent.',
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string' },
        prompt: { type: 'string' },
        subagent_type: { type: 'string' },
        fork: { type: 'boolean' },
        resume: { type: 'string' },
        model: { type: 'string' },
      },
      required: ['prompt'],
    },
  },
  requestFromCall: (input, settings) => {
    const notice = noticeOf(settings.notice);
    return {
      policy: KIMI_POLICY,
      directive: promptOf(input),
      params: parametersOf(input, CALL_PARAMETERS),
      ...(notice ? { notice } : {}),
    };
  },
  callInput: (request) => argumentsOf(request.params, request.directive),
};
