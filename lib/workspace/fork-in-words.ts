import { callInWords } from '@/lib/ai/offline/call-in-words';
import { RUNTIME_VERSION_FIELD, runtimeOf } from '@/lib/fork';
import { type ForkSelection, fieldsOf, plannableRequest } from './fork-selection';

/** The directive an example stands in with: a placeholder says what goes there without saying it. */
export const EXAMPLE_DIRECTIVE = '…';

/**
 * What to tell the parent agent so that it forks as the controls say: its Agent call, in the words
 * the offline model reads. Null when the controls make no request (a field too long, say).
 */
export function forkInWords(selection: ForkSelection, directive: string = selection.directive): string | null {
  const planned = plannableRequest({ ...selection, directive });
  if (planned.request === null) return null;
  const { agentTool } = runtimeOf(selection.policy);
  return callInWords(agentTool.declaration.name, agentTool.callInput(planned.request));
}

/**
 * The example the chat shows: the selected runtime's own defaults at the release the controls
 * reproduce, so it is a call that release takes whatever the person has typed into the fields.
 */
export function exampleForkInWords(selection: ForkSelection): string {
  const { controls } = runtimeOf(selection.policy);
  const release = fieldsOf(selection)[RUNTIME_VERSION_FIELD];
  const fields = { ...controls.defaults, ...controls.example?.fields, ...(release === undefined ? {} : { [RUNTIME_VERSION_FIELD]: release }) };
  const example: ForkSelection = { ...selection, fields: { ...selection.fields, [selection.policy]: fields }, forkPoint: null };
  return forkInWords(example, controls.example?.directive ?? EXAMPLE_DIRECTIVE) ?? '';
}
