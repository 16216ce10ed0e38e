import { RUNTIME_VERSION_FIELD, type RuntimeControls, runtimeVersionField, runtimeVersionOf, textOf, turnCountWindow, withoutEmpty } from '../runtime-controls';
import { forkProfilePath, PROFILE_FILE_FIELD, profileFilesOf } from './fork-profile';
import { QWEN_POLICY, type QwenForkRequest } from './qwen-fork-request';
import { QWEN_VERSIONS } from './qwen-versions';

const COUNT = /^[1-9]\d*$/;

/** `fork_turns` is a count of real user turns or "all": the window keys step through it. */
const forkTurnsWindow = turnCountWindow({
  field: 'fork_turns',
  count: (value) => (COUNT.test(value) ? Number(value) : null),
  isAll: (value) => value === 'all',
});

/**
 * `fork_tools` as a person types it: names separated by commas, `[]` for the empty list (run no
 * tool), or a JSON array; empty leaves it out. A value that is none of these goes to Qwen's own
 * check as typed, which says what it takes.
 */
function forkToolsOf(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return trimmed;
    }
  }
  return trimmed.split(',').map((name) => name.trim());
}

function forkToolsText(value: unknown): string {
  return Array.isArray(value) ? (value.length === 0 ? '[]' : value.join(', ')) : textOf(value);
}

function profileFileText(request: QwenForkRequest): string {
  const name = request.params.fork_profile;
  if (typeof name !== 'string' || request.projectFiles === undefined) return '';
  return request.projectFiles[forkProfilePath(name)] ?? '';
}

export const qwenControls: RuntimeControls<QwenForkRequest> = {
  legend: 'Agent tool parameters',
  nameParameter: 'description',
  fields: [
    {
      name: 'fork_turns',
      kind: 'text',
      hint: ({ realTurns }) =>
        `"all" or a whole number of real user turns: ${Math.max(1, realTurns)} here, and a larger number takes them all. Keys: [ ] change N, a for all.`,
    },
    { name: 'subagent_type', kind: 'text', hint: '"fork" for a fork; any other type is a regular subagent.' },
    { name: 'description', kind: 'text', freeText: true, hint: 'A short description of the task: required from 0.24.' },
    { name: 'fork_tools', kind: 'text', hint: 'From 0.24: the tools the fork may run, comma-separated; [] for none; empty for all.' },
    { name: 'fork_profile', kind: 'text', hint: 'From 0.24: a project profile (.qwen/fork-profiles/<name>.md).' },
    {
      name: PROFILE_FILE_FIELD,
      kind: 'file',
      hint: 'The text of the profile file the call names, to plan with its tools and promptHint; empty: planned without it.',
      placeholder: '---\nname: ro-research\ntools: [read_file, grep_search]\npromptHint: Work read-only.\n---',
      setting: true,
    },
    { name: 'name', kind: 'text', hint: 'A teammate name: teammates never inherit history.' },
    runtimeVersionField(QWEN_VERSIONS),
  ],
  legacyKey: 'qwen',
  errorParameters: ['fork_turns', 'subagent_type', 'description', 'fork_tools', 'fork_profile', 'name'],
  defaults: {
    fork_turns: 'all',
    subagent_type: 'fork',
    description: 'Fork',
    fork_tools: '',
    fork_profile: '',
    [PROFILE_FILE_FIELD]: '',
    name: '',
    [RUNTIME_VERSION_FIELD]: QWEN_VERSIONS[0].id,
  },
  toRequest: (values, base) => {
    const forkTools = forkToolsOf(values.fork_tools ?? '');
    return {
      ...base,
      policy: QWEN_POLICY,
      ...runtimeVersionOf(QWEN_VERSIONS, values[RUNTIME_VERSION_FIELD]),
      ...profileFilesOf(values.fork_profile, values[PROFILE_FILE_FIELD]),
      params: {
        ...withoutEmpty({
          subagent_type: values.subagent_type,
          fork_turns: values.fork_turns,
          description: values.description,
          fork_profile: values.fork_profile,
          name: values.name,
        }),
        ...(forkTools === undefined ? {} : { fork_tools: forkTools }),
      },
    };
  },
  fromRequest: (request) => ({
    fork_turns: textOf(request.params.fork_turns),
    subagent_type: textOf(request.params.subagent_type),
    description: textOf(request.params.description),
    fork_tools: forkToolsText(request.params.fork_tools),
    fork_profile: textOf(request.params.fork_profile),
    [PROFILE_FILE_FIELD]: profileFileText(request),
    name: textOf(request.params.name),
    [RUNTIME_VERSION_FIELD]: request.runtimeVersion ?? QWEN_VERSIONS[0].id,
  }),
  window: forkTurnsWindow,
};
