import { type RuntimeControls, textOf, withoutEmpty } from '../runtime-controls';
import { KIMI_NOTICE_VARIANTS, KIMI_POLICY, type KimiForkRequest, type KimiNoticeVariant } from './kimi-fork-request';

const NOTICE_LABELS: Record<KimiNoticeVariant, string> = {
  'prompt-prefix': 'in front of the task (original)',
  'system-reminder': 'as a system reminder (later)',
};

export const kimiControls: RuntimeControls<KimiForkRequest> = {
  legend: 'Agent tool parameters',
  fields: [
    {
      name: 'fork',
      kind: 'select',
      options: [
        { value: 'true', label: 'true' },
        { value: 'false', label: 'false' },
        { value: '', label: '(left out)' },
      ],
    },
    { name: 'resume', kind: 'text', hint: 'An agent id to continue; cannot be combined with fork.' },
    { name: 'subagent_type', kind: 'text', hint: 'A fork copies your own profile: leave out or name it.' },
    { name: 'model', kind: 'text', hint: 'A fork keeps your model: leave out or name it.' },
    {
      name: 'notice',
      kind: 'select',
      hint: 'Where the child is told its history is inherited.',
      options: KIMI_NOTICE_VARIANTS.map((variant) => ({ value: variant, label: NOTICE_LABELS[variant] })),
      setting: true,
    },
  ],
  legacyKey: 'kimi',
  errorParameters: ['fork', 'resume', 'subagent_type', 'model'],
  defaults: { fork: 'true', resume: '', subagent_type: '', model: '', notice: 'prompt-prefix' },
  toRequest: (values, base) => ({
    ...base,
    policy: KIMI_POLICY,
    notice: KIMI_NOTICE_VARIANTS.find((variant) => variant === values.notice) ?? 'prompt-prefix',
    // `fork` is a boolean in Kimi's schema: the select's text becomes one, or is left out.
    params: {
      ...(values.fork === 'true' || values.fork === 'false' ? { fork: values.fork === 'true' } : {}),
      ...withoutEmpty({ resume: values.resume, subagent_type: values.subagent_type, model: values.model }),
    },
  }),
  fromRequest: (request) => ({
    fork: request.params.fork === true ? 'true' : request.params.fork === false ? 'false' : '',
    resume: textOf(request.params.resume),
    subagent_type: textOf(request.params.subagent_type),
    model: textOf(request.params.model),
    notice: request.notice ?? 'prompt-prefix',
  }),
};
