import { RUNTIME_VERSION_FIELD, type RuntimeControls, runtimeVersionField, runtimeVersionOf, textOf, withoutEmpty } from '../runtime-controls';
import { MAX_AGENT_SWARM_SUBAGENTS } from './agent-swarm-input';
import { KIMI_SWARM_POLICY, type KimiSwarmRequest } from './agent-swarm-request';
import { FORK_FIELD, forkFieldText, forkFromField, noticeField, noticeFromField } from './kimi-fields';
import { KIMI_VERSIONS } from './kimi-versions';

/** The lines of a list field; empty lines are layout, not values. */
function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

/** `agent_id=prompt` lines as the map Kimi takes; a line without `=` is an id with an empty prompt. */
function resumeMapOf(text: string): Record<string, string> {
  return Object.fromEntries(
    linesOf(text).map((line) => {
      const at = line.indexOf('=');
      return at === -1 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
    }),
  );
}

function listText(value: unknown): string {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value.join('\n') : textOf(value);
}

function resumeText(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return textOf(value);
  return Object.entries(value)
    .map(([id, prompt]) => `${id}=${textOf(prompt)}`)
    .join('\n');
}

export const agentSwarmControls: RuntimeControls<KimiSwarmRequest> = {
  legend: 'AgentSwarm parameters (the directive is prompt_template)',
  fields: [
    { name: 'description', kind: 'text', freeText: true, hint: 'Required: a short description of the whole swarm; it names each child.' },
    {
      name: 'items',
      kind: 'lines',
      hint: `One item per line (blank lines are skipped); each fills {{item}} in the directive and starts one forked child. At least 2, at most ${MAX_AGENT_SWARM_SUBAGENTS}.`,
    },
    FORK_FIELD,
    { name: 'subagent_type', kind: 'text', hint: 'A fork copies your own profile: leave out or name it.' },
    { name: 'model', kind: 'text', hint: 'A fork keeps your model: leave out, or your own model, or "primary".' },
    { name: 'resume_agent_ids', kind: 'lines', hint: 'Existing agents to resume, one agent_id=prompt per line; refused with fork.' },
    noticeField('Where each child is told its history is inherited.'),
    runtimeVersionField(KIMI_VERSIONS),
    { name: 'member', kind: 'text', hint: 'Which item’s child the preview shows: 1 is the first.', placeholder: '1', setting: true },
  ],
  // A refusal of prompt_template (the directive) shows above Launch, with the others that have no field.
  errorParameters: ['description', 'items', 'fork', 'subagent_type', 'model', 'resume_agent_ids'],
  // Kimi's own example, from the AgentSwarm tool's description.
  example: { fields: { items: 'src/a.ts\nsrc/b.ts' }, directive: 'Review {{item}} for likely regressions.' },
  defaults: {
    description: 'Swarm',
    items: '',
    fork: 'true',
    subagent_type: '',
    model: '',
    resume_agent_ids: '',
    notice: '',
    [RUNTIME_VERSION_FIELD]: KIMI_VERSIONS[0].id,
    member: '',
  },
  toRequest: (values, base) => {
    const member = /^[1-9][0-9]{0,2}$/.test(values.member ?? '') ? Number(values.member) : undefined;
    return {
      ...base,
      policy: KIMI_SWARM_POLICY,
      ...noticeFromField(values.notice),
      ...runtimeVersionOf(KIMI_VERSIONS, values[RUNTIME_VERSION_FIELD]),
      ...(member === undefined ? {} : { member }),
      params: {
        ...withoutEmpty({ description: values.description, subagent_type: values.subagent_type, model: values.model }),
        ...(values.items ? { items: linesOf(values.items) } : {}),
        ...forkFromField(values.fork),
        ...(values.resume_agent_ids ? { resume_agent_ids: resumeMapOf(values.resume_agent_ids) } : {}),
      },
    };
  },
  fromRequest: (request) => ({
    description: textOf(request.params.description),
    items: listText(request.params.items),
    fork: forkFieldText(request.params.fork),
    subagent_type: textOf(request.params.subagent_type),
    model: textOf(request.params.model),
    resume_agent_ids: resumeText(request.params.resume_agent_ids),
    notice: request.notice ?? '',
    [RUNTIME_VERSION_FIELD]: request.runtimeVersion ?? KIMI_VERSIONS[0].id,
    member: request.member === undefined ? '' : String(request.member),
  }),
};
