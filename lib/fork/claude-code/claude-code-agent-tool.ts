import { parametersOf, promptOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { CLAUDE_CODE_FORK_GATES, CLAUDE_CODE_POLICY, type ClaudeCodeForkRequest } from './claude-code-fork-request';

const CALL_PARAMETERS = ['description', 'subagent_type', 'model'] as const;

/**
 * Claude Code's `Agent` tool, reduced to the fields a fork reads. Its full description is long and
 * not public as one text; this is the fork sentence of the published fragment
 * `tool-description-agent-when-to-launch-subagents.md` (ccVersion 2.1.235), and the
 * `subagent_type` description of a de-minified build.
 */
export const claudeCodeAgentTool: RuntimeAgentTool<ClaudeCodeForkRequest> = {
  declaration: {
    name: 'Agent',
    description:
      'Launch a new agent to handle complex, multi-step tasks autonomously. Specify a subagent_type to select an agent: `"fork"` forks yourself (the fork inherits your full conversation context and always runs on your model — a `model` override is ignored); any other type — or omitting it — starts a fresh agent (general-purpose by default).',
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string', description: 'A short (3-5 word) description of the task' },
        prompt: { type: 'string', description: 'The task for the agent to perform' },
        subagent_type: { type: 'string', description: 'The type of specialized agent to use for this task' },
        model: { type: 'string' },
      },
      required: ['description', 'prompt'],
    },
  },
  requestFromCall: (input, settings) => {
    const gate = CLAUDE_CODE_FORK_GATES.find((candidate) => candidate === settings.gate);
    return {
      policy: CLAUDE_CODE_POLICY,
      directive: promptOf(input),
      params: parametersOf(input, CALL_PARAMETERS),
      ...(gate ? { gate } : {}),
      // A prompt that is not text goes with the request as written, for the input check to refuse.
      ...(typeof input.prompt === 'string' ? {} : { call: { ...input } }),
    };
  },
  callInput: (request) =>
    request.call !== undefined
      ? { ...request.call }
      : { ...Object.fromEntries(Object.entries(request.params).filter(([, value]) => value !== undefined)), prompt: request.directive },
};
