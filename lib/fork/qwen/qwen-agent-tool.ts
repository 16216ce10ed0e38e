import { argumentsOf, parametersOf, promptOf } from '../planning/call-arguments';
import type { RuntimeAgentTool } from '../runtime';
import { PROFILE_FILE_FIELD, profileFilesOf } from './fork-profile';
import { QWEN_POLICY, type QwenForkRequest } from './qwen-fork-request';

const CALL_PARAMETERS = ['description', 'subagent_type', 'fork_turns', 'fork_tools', 'fork_profile', 'run_in_background', 'name'] as const;

/**
 * The `agent` tool as Qwen Code 0.24 declares it (`initialSchema` in agent.ts, shipped 0.24.4), with
 * the fork's properties and their own descriptions; the teammate `name` as with a team active.
 */
export const qwenAgentTool: RuntimeAgentTool<QwenForkRequest> = {
  declaration: {
    name: 'agent',
    description:
      'Launch a new agent to handle complex, multi-step tasks autonomously. A fork (`subagent_type: "fork"`) inherits the parent conversation context; set `fork_turns` to limit it to recent real user turns, and `fork_tools` or `fork_profile` to restrict which tools it may execute.',
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string', description: 'A short (3-5 word) description of the task' },
        prompt: { type: 'string', description: 'The task for the agent to perform' },
        subagent_type: { type: 'string', description: 'The named agent type to use, or "fork" to inherit the parent conversation context' },
        fork_turns: {
          oneOf: [
            { type: 'string', enum: ['all'] },
            { type: 'string', pattern: '^[1-9][0-9]*$' },
          ],
          description:
            'Only valid with subagent_type "fork". Omit it or use "all" to inherit the full parent conversation; use a positive integer string such as "3" to inherit the most recent three real user turns. Tool responses and pure system reminders do not count as turns.',
        },
        fork_tools: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description:
            'Only valid with subagent_type "fork". Exact tool names and MCP server patterns this fork may execute. Omit fork_tools to allow every other inherited tool, or use an empty array to reject every tool call.',
        },
        fork_profile: {
          type: 'string',
          minLength: 2,
          maxLength: 50,
          description:
            'Only valid with subagent_type "fork". Loads a project profile from .qwen/fork-profiles/<name>.md and applies its tools and optional promptHint. Cannot be combined with fork_tools.',
        },
        run_in_background: { type: 'boolean', default: true },
        name: { type: 'string', description: 'When provided, spawn as a named teammate via the active team instead of a one-shot subagent.' },
      },
      required: ['description', 'prompt'],
    },
  },
  // The profile file a person gave the playground is the project's file for whichever profile the call names.
  requestFromCall: (input, settings) => ({
    policy: QWEN_POLICY,
    directive: promptOf(input),
    ...profileFilesOf(input.fork_profile, settings[PROFILE_FILE_FIELD]),
    params: parametersOf(input, CALL_PARAMETERS),
  }),
  callInput: (request) => argumentsOf(request.params, request.directive),
};
