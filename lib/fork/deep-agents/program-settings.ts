import { type ControlField, textOf } from '../runtime-controls';
import { DEEP_AGENTS_FORK_KINDS, DEFAULT_PROGRAM, type DeepAgentsForkKind, type DeepAgentsProgram } from './deep-agents-fork-request';

/**
 * The program's subagents as settings: what `createDeepAgent` was given is the program's choice,
 * never the model's, so these travel with the parent's turn beside the call's arguments.
 */
export const PROGRAM_FIELDS: readonly ControlField[] = [
  { name: 'fork_name', kind: 'text', hint: 'The name of the program’s fork subagent (mode: "fork"): a call naming it forks.', setting: true },
  {
    name: 'fork_kind',
    kind: 'select',
    hint: 'A SubAgent spec Deep Agents compiles (mirrors your prompt, tools and middleware), or a CompiledSubAgent with its own runnable.',
    options: [
      { value: 'declarative', label: 'declarative (SubAgent)' },
      { value: 'compiled', label: 'compiled (CompiledSubAgent runnable)' },
    ],
    setting: true,
  },
  {
    name: 'fork_system_prompt',
    kind: 'text',
    freeText: true,
    hint: 'Declarative: its systemPrompt, appended to yours. Compiled: the runnable’s own system prompt.',
    placeholder: '(none)',
    setting: true,
  },
  {
    name: 'fork_tools',
    kind: 'text',
    hint: 'Names of your tools the fork’s own tools list holds, comma-separated; [] for none. Declarative: empty keeps all of yours.',
    placeholder: '(yours)',
    setting: true,
  },
  { name: 'fork_model', kind: 'text', hint: 'The fork’s own model; empty runs it on yours.', placeholder: '(yours)', setting: true },
  {
    name: 'other_subagents',
    kind: 'text',
    hint: 'The program’s isolated subagents, comma-separated: a call naming one starts a fresh subagent.',
    setting: true,
  },
];

export const PROGRAM_DEFAULTS: Readonly<Record<string, string>> = {
  fork_name: DEFAULT_PROGRAM.fork.name,
  fork_kind: DEFAULT_PROGRAM.fork.kind,
  fork_system_prompt: '',
  fork_tools: '',
  fork_model: '',
  other_subagents: '',
};

/** Names separated by commas; `[]` is the empty list (a fork with no tools of its own), empty leaves the list out. */
function names(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (text.trim() === '[]') return [];
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * The program the settings describe; undefined when it is the default one, so a request at the
 * defaults stays short and reads the same from the controls and from a call.
 */
export function programFromSettings(values: Readonly<Record<string, string>>): DeepAgentsProgram | undefined {
  const kind: DeepAgentsForkKind = DEEP_AGENTS_FORK_KINDS.find((candidate) => candidate === values.fork_kind) ?? DEFAULT_PROGRAM.fork.kind;
  const tools = names(values.fork_tools);
  const isolated = names(values.other_subagents);
  const fork: DeepAgentsProgram['fork'] = {
    name: values.fork_name || DEFAULT_PROGRAM.fork.name,
    kind,
    ...(values.fork_system_prompt ? { systemPrompt: values.fork_system_prompt } : {}),
    ...(tools === undefined ? {} : { tools }),
    ...(values.fork_model ? { model: values.fork_model } : {}),
  };
  const program: DeepAgentsProgram = { fork, ...(isolated === undefined ? {} : { isolated }) };
  return JSON.stringify(program) === JSON.stringify(DEFAULT_PROGRAM) ? undefined : program;
}

/** The settings showing a program. */
export function settingsFromProgram(program: DeepAgentsProgram = DEFAULT_PROGRAM): Record<string, string> {
  return {
    fork_name: program.fork.name,
    fork_kind: program.fork.kind,
    fork_system_prompt: textOf(program.fork.systemPrompt),
    fork_tools: program.fork.tools === undefined ? '' : program.fork.tools.length === 0 ? '[]' : program.fork.tools.join(', '),
    fork_model: textOf(program.fork.model),
    other_subagents: (program.isolated ?? []).join(', '),
  };
}
