import { type RuntimeControls, textOf, withoutEmpty } from '../runtime-controls';
import { DEEPSEEK_POLICY, type DeepSeekForkRequest } from './deepseek-fork-request';

/** A number when the text is one: DeepSeek's options are typed values, not model-written JSON strings. */
function numberOrText(value: string): number | string {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

export const deepSeekControls: RuntimeControls<DeepSeekForkRequest> = {
  legend: 'Fork options',
  fields: [
    { name: 'maxDepth', kind: 'text', hint: 'The deepest a child may be; the main agent is depth 0.', placeholder: '3 (default)' },
    { name: 'persona', kind: 'text', hint: 'Replaces the system instruction.' },
    { name: 'toolFilter', kind: 'text', hint: 'Tool names, comma-separated, from the registry.', placeholder: '(all of the parent’s tools)' },
  ],
  legacyKey: 'deepseek',
  errorParameters: ['maxDepth', 'persona', 'toolFilter'],
  defaults: { maxDepth: '', persona: '', toolFilter: '' },
  toRequest: (values, base) => {
    const maxDepth = values.maxDepth ?? '';
    const toolFilter = values.toolFilter ?? '';
    return {
      ...base,
      policy: DEEPSEEK_POLICY,
      params: {
        ...(maxDepth === '' ? {} : { maxDepth: numberOrText(maxDepth) }),
        ...withoutEmpty({ persona: values.persona }),
        ...(toolFilter.trim() === ''
          ? {}
          : {
              toolFilter: toolFilter
                .split(',')
                .map((name) => name.trim())
                .filter((name) => name !== ''),
            }),
      },
    };
  },
  fromRequest: (request) => ({
    maxDepth: textOf(request.params.maxDepth),
    persona: textOf(request.params.persona),
    toolFilter: Array.isArray(request.params.toolFilter) ? request.params.toolFilter.join(', ') : textOf(request.params.toolFilter),
  }),
};
