import { RUNTIME_VERSION_FIELD, type RuntimeControls, runtimeVersionField, runtimeVersionOf, textOf, withoutEmpty } from '../runtime-controls';
import { DEEPSEEK_POLICY, type DeepSeekForkRequest } from './deepseek-fork-request';
import { DEEPSEEK_VERSIONS } from './deepseek-versions';

/** A number when the text is one: DeepSeek's options are typed values, not model-written JSON strings. */
function numberOrText(value: string): number | string {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

/** The schema as JSON when the text is JSON; otherwise the text, for the check to refuse. */
function jsonOrText(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const deepSeekControls: RuntimeControls<DeepSeekForkRequest> = {
  legend: 'Fork options',
  fields: [
    { name: 'description', kind: 'text', freeText: true, hint: 'From 0.1: a short (3–5 word) description of the task, for display.' },
    { name: 'maxDepth', kind: 'text', hint: 'The deepest a child may be; the main agent is depth 0.', placeholder: '3 (default)' },
    {
      name: 'persona',
      kind: 'text',
      freeText: true,
      hint: 'The fork’s persona. 0.1: in place of the persona section of the deployment’s system prompt (the rest stays; the whole prompt when it has no such section); code-read: in place of the whole system instruction.',
    },
    { name: 'toolFilter', kind: 'text', hint: 'Tool names, comma-separated, from the registry.', placeholder: '(all of the parent’s tools)' },
    {
      name: 'outputSchema',
      kind: 'text',
      freeText: true,
      hint: 'A JSON Schema ("type": "object") the child answers through its structured_output tool. Set by programs (a workflow), never by the model’s call.',
      placeholder: '(plain text answer)',
    },
    runtimeVersionField(DEEPSEEK_VERSIONS),
  ],
  legacyKey: 'deepseek',
  errorParameters: ['description', 'maxDepth', 'persona', 'toolFilter', 'outputSchema'],
  defaults: { description: 'Fork', maxDepth: '', persona: '', toolFilter: '', outputSchema: '', [RUNTIME_VERSION_FIELD]: DEEPSEEK_VERSIONS[0].id },
  toRequest: (values, base) => {
    const maxDepth = values.maxDepth ?? '';
    const toolFilter = values.toolFilter ?? '';
    const outputSchema = values.outputSchema ?? '';
    return {
      ...base,
      policy: DEEPSEEK_POLICY,
      ...runtimeVersionOf(DEEPSEEK_VERSIONS, values[RUNTIME_VERSION_FIELD]),
      params: {
        ...withoutEmpty({ description: values.description }),
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
        ...(outputSchema.trim() === '' ? {} : { outputSchema: jsonOrText(outputSchema) }),
      },
    };
  },
  fromRequest: (request) => ({
    description: textOf(request.params.description),
    maxDepth: textOf(request.params.maxDepth),
    persona: textOf(request.params.persona),
    toolFilter: Array.isArray(request.params.toolFilter) ? request.params.toolFilter.join(', ') : textOf(request.params.toolFilter),
    outputSchema: textOf(request.params.outputSchema),
    [RUNTIME_VERSION_FIELD]: request.runtimeVersion ?? DEEPSEEK_VERSIONS[0].id,
  }),
};
