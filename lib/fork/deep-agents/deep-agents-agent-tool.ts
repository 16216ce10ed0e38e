import type { RuntimeAgentTool } from '../runtime';
import { DEEP_AGENTS_POLICY, DEFAULT_PROGRAM, type DeepAgentsForkRequest } from './deep-agents-fork-request';
import { programFromSettings } from './program-settings';
import { GENERAL_PURPOSE, GENERAL_PURPOSE_DESCRIPTION, taskToolDeclaration } from './task-tool';

/** How Fork Lab's default fork subagent describes itself to the parent (the verify driver's `forker` says the same). */
export const FORKER_DESCRIPTION = 'Continues this conversation as a fork.';

/**
 * `task` as a deep agent with the default program declares it: `general-purpose` and the
 * declarative fork `forker`. A program with other subagents lists them too; the plan follows the
 * settings, the declaration Fork Lab offers its own parent model stays this one.
 */
export const deepAgentsAgentTool: RuntimeAgentTool<DeepAgentsForkRequest> = {
  declaration: taskToolDeclaration([
    { name: GENERAL_PURPOSE, description: GENERAL_PURPOSE_DESCRIPTION, mode: 'isolated', compiled: false },
    { name: DEFAULT_PROGRAM.fork.name, description: FORKER_DESCRIPTION, mode: 'fork', compiled: false },
  ]),
  requestFromCall: (input, settings) => {
    const program = programFromSettings(settings);
    const typed = typeof input.description === 'string' && typeof input.subagent_type === 'string';
    return {
      policy: DEEP_AGENTS_POLICY,
      directive: typeof input.description === 'string' ? input.description : '',
      params: 'subagent_type' in input ? { subagent_type: input.subagent_type } : {},
      ...(program === undefined ? {} : { program }),
      // Arguments the input schema refuses go with the request as written: the refusal quotes them.
      ...(typed ? {} : { call: { ...input } }),
    };
  },
  callInput: (request) =>
    request.call ?? { ...(request.params.subagent_type === undefined ? {} : { subagent_type: request.params.subagent_type }), description: request.directive },
};
