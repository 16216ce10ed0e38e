import { RUNTIME_VERSION_FIELD, type RuntimeControls, runtimeVersionField, runtimeVersionOf, textOf, withoutEmpty } from '../runtime-controls';
import { CLAUDE_CODE_FORK_GATES, CLAUDE_CODE_POLICY, type ClaudeCodeForkGate, type ClaudeCodeForkRequest } from './claude-code-fork-request';
import { CLAUDE_CODE_VERSIONS } from './claude-code-versions';

const GATE_LABELS: Record<ClaudeCodeForkGate, string> = {
  'subagent-type-fork': 'subagent_type "fork" (v2.1.232 and later)',
  'omitted-type': 'no subagent_type, CLAUDE_CODE_FORK_SUBAGENT=1 (v2.1.117–v2.1.231)',
};

export const claudeCodeControls: RuntimeControls<ClaudeCodeForkRequest> = {
  legend: 'Agent tool parameters',
  nameParameter: 'description',
  fields: [
    { name: 'description', kind: 'text', freeText: true, hint: 'Required: a 3–5 word summary of the task.' },
    { name: 'subagent_type', kind: 'text', hint: '"fork" forks; any other type starts a fresh agent.' },
    { name: 'model', kind: 'text', hint: 'Ignored for a fork: it runs on your model.' },
    {
      name: 'gate',
      kind: 'select',
      hint: 'Which version’s way of asking for a fork to reproduce.',
      options: CLAUDE_CODE_FORK_GATES.map((gate) => ({ value: gate, label: GATE_LABELS[gate] })),
      setting: true,
    },
    runtimeVersionField(CLAUDE_CODE_VERSIONS),
  ],
  errorParameters: ['description', 'subagent_type', 'model'],
  defaults: { description: 'Forked worker', subagent_type: 'fork', model: '', gate: 'subagent-type-fork', [RUNTIME_VERSION_FIELD]: CLAUDE_CODE_VERSIONS[0].id },
  toRequest: (values, base) => ({
    ...base,
    policy: CLAUDE_CODE_POLICY,
    gate: CLAUDE_CODE_FORK_GATES.find((gate) => gate === values.gate) ?? 'subagent-type-fork',
    ...runtimeVersionOf(CLAUDE_CODE_VERSIONS, values[RUNTIME_VERSION_FIELD]),
    params: withoutEmpty({ description: values.description, subagent_type: values.subagent_type, model: values.model }),
  }),
  fromRequest: (request) => ({
    description: textOf(request.params.description),
    subagent_type: textOf(request.params.subagent_type),
    model: textOf(request.params.model),
    gate: request.gate ?? 'subagent-type-fork',
    [RUNTIME_VERSION_FIELD]: request.runtimeVersion ?? CLAUDE_CODE_VERSIONS[0].id,
  }),
};
