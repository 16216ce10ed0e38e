import { type RuntimeControls, textOf, withoutEmpty } from '../runtime-controls';
import { FORK_FIELD, forkFieldText, forkFromField, noticeField, noticeFromField } from './kimi-fields';
import { KIMI_POLICY, type KimiForkRequest } from './kimi-fork-request';

export const kimiControls: RuntimeControls<KimiForkRequest> = {
  legend: 'Agent tool parameters',
  fields: [
    FORK_FIELD,
    { name: 'resume', kind: 'text', hint: 'An agent id to continue; cannot be combined with fork.' },
    { name: 'subagent_type', kind: 'text', hint: 'A fork copies your own profile: leave out or name it.' },
    { name: 'model', kind: 'text', hint: 'A fork keeps your model: leave out or name it.' },
    noticeField('Where the child is told its history is inherited.'),
  ],
  legacyKey: 'kimi',
  errorParameters: ['fork', 'resume', 'subagent_type', 'model'],
  defaults: { fork: 'true', resume: '', subagent_type: '', model: '', notice: 'prompt-prefix' },
  toRequest: (values, base) => ({
    ...base,
    policy: KIMI_POLICY,
    notice: noticeFromField(values.notice),
    params: {
      ...forkFromField(values.fork),
      ...withoutEmpty({ resume: values.resume, subagent_type: values.subagent_type, model: values.model }),
    },
  }),
  fromRequest: (request) => ({
    fork: forkFieldText(request.params.fork),
    resume: textOf(request.params.resume),
    subagent_type: textOf(request.params.subagent_type),
    model: textOf(request.params.model),
    notice: request.notice ?? 'prompt-prefix',
  }),
};
