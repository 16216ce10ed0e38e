import { type RuntimeControls, textOf, withoutEmpty } from '../runtime-controls';
import { DEEP_AGENTS_POLICY, type DeepAgentsForkRequest } from './deep-agents-fork-request';
import { PROGRAM_DEFAULTS, PROGRAM_FIELDS, programFromSettings, settingsFromProgram } from './program-settings';

/**
 * The `task` call's one argument besides the task (the directive is its `description`), and the
 * program's subagents as settings.
 */
export const deepAgentsControls: RuntimeControls<DeepAgentsForkRequest> = {
  legend: 'task tool parameters',
  fields: [
    {
      name: 'subagent_type',
      kind: 'text',
      hint: 'The fork subagent’s name forks; general-purpose or another subagent starts a fresh one; any other name fails the run.',
    },
    ...PROGRAM_FIELDS,
  ],
  errorParameters: ['subagent_type', 'fork_name', 'other_subagents'],
  defaults: { subagent_type: PROGRAM_DEFAULTS.fork_name!, ...PROGRAM_DEFAULTS },
  toRequest: (values, base) => {
    const program = programFromSettings(values);
    return {
      ...base,
      policy: DEEP_AGENTS_POLICY,
      params: withoutEmpty({ subagent_type: values.subagent_type }),
      ...(program === undefined ? {} : { program }),
    };
  },
  fromRequest: (request) => ({ subagent_type: textOf(request.params.subagent_type), ...settingsFromProgram(request.program) }),
};
