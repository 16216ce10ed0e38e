import { RUNTIME_VERSION_FIELD, type RuntimeControls, runtimeVersionField, runtimeVersionOf, textOf, withoutEmpty } from '../runtime-controls';
import { FORK_FIELD, forkFieldText, forkFromField, noticeField, noticeFromField } from './kimi-fields';
import { KIMI_POLICY, type KimiForkRequest } from './kimi-fork-request';
import { KIMI_VERSIONS } from './kimi-versions';

export const kimiControls: RuntimeControls<KimiForkRequest> = {
  legend: 'Agent tool parameters',
  fields: [
    {
      name: 'description',
      kind: 'text',
      freeText: true,
      hint: 'A short description (3–5 words): required from 2.1, and the schema refuses a call without it.',
    },
    FORK_FIELD,
    { name: 'resume', kind: 'text', hint: 'An agent id to continue; cannot be combined with fork.' },
    { name: 'subagent_type', kind: 'text', hint: 'A fork copies your own profile: leave out or name it.' },
    { name: 'model', kind: 'text', hint: 'A fork keeps your model: leave out or name it. From 2.1 the parameter exists only with a secondary model pool.' },
    {
      name: 'run_in_background',
      kind: 'select',
      hint: 'From 2.1: true answers the call at once and delivers the result in a later turn.',
      options: [
        { value: '', label: '(left out)' },
        { value: 'true', label: 'true' },
        { value: 'false', label: 'false' },
      ],
    },
    noticeField('Where the child is told its history is inherited.'),
    runtimeVersionField(KIMI_VERSIONS),
  ],
  legacyKey: 'kimi',
  errorParameters: ['description', 'fork', 'resume', 'subagent_type', 'model', 'run_in_background'],
  defaults: {
    description: 'Fork',
    fork: 'true',
    resume: '',
    subagent_type: '',
    model: '',
    run_in_background: '',
    notice: '',
    [RUNTIME_VERSION_FIELD]: KIMI_VERSIONS[0].id,
  },
  toRequest: (values, base) => ({
    ...base,
    policy: KIMI_POLICY,
    ...noticeFromField(values.notice),
    ...runtimeVersionOf(KIMI_VERSIONS, values[RUNTIME_VERSION_FIELD]),
    params: {
      ...withoutEmpty({ description: values.description }),
      ...forkFromField(values.fork),
      ...withoutEmpty({ resume: values.resume, subagent_type: values.subagent_type, model: values.model }),
      ...(values.run_in_background === 'true' || values.run_in_background === 'false' ? { run_in_background: values.run_in_background === 'true' } : {}),
    },
  }),
  fromRequest: (request) => ({
    description: textOf(request.params.description),
    fork: forkFieldText(request.params.fork),
    run_in_background: forkFieldText(request.params.run_in_background),
    resume: textOf(request.params.resume),
    subagent_type: textOf(request.params.subagent_type),
    model: textOf(request.params.model),
    notice: request.notice ?? '',
    [RUNTIME_VERSION_FIELD]: request.runtimeVersion ?? KIMI_VERSIONS[0].id,
  }),
};
