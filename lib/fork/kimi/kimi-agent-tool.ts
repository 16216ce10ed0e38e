import { argumentsOf, parametersOf, promptOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { KIMI_AGENT_DESCRIPTION, KIMI_AGENT_PARAMETERS, KIMI_AGENT_TOOL_NAME } from './kimi-agent-declaration';
import { KIMI_NOTICE_VARIANTS, KIMI_POLICY, type KimiForkRequest, type KimiNoticeVariant } from './kimi-fork-request';

const CALL_PARAMETERS = ['description', 'fork', 'resume', 'subagent_type', 'model', 'run_in_background'] as const;
const ARGUMENTS: ReadonlySet<string> = new Set(CALL_PARAMETERS);

function noticeOf(value: string | undefined): KimiNoticeVariant | undefined {
  return KIMI_NOTICE_VARIANTS.find((variant) => variant === value);
}

/** Kimi Code's `Agent` tool as 2.1 declares it, and the request a call of it makes. */
export const kimiAgentTool: RuntimeAgentTool<KimiForkRequest> = {
  declaration: { name: KIMI_AGENT_TOOL_NAME, description: KIMI_AGENT_DESCRIPTION, inputSchema: KIMI_AGENT_PARAMETERS },
  requestFromCall: (input, settings) => {
    const notice = noticeOf(settings.notice);
    // What the fields cannot hold goes with the request as written, for Kimi's schema check to refuse.
    const unusual = typeof input.prompt !== 'string' || Object.keys(input).some((key) => key !== 'prompt' && !ARGUMENTS.has(key));
    return {
      policy: KIMI_POLICY,
      directive: promptOf(input),
      params: parametersOf(input, CALL_PARAMETERS),
      ...(notice ? { notice } : {}),
      ...(unusual ? { call: { ...input } } : {}),
    };
  },
  callInput: (request) => argumentsOf(request.params, request.directive),
};
