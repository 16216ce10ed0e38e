import { type RuntimeControls, textOf, turnCountWindow, withoutEmpty } from '../runtime-controls';
import { QWEN_POLICY, type QwenForkRequest } from './qwen-fork-request';

const COUNT = /^[1-9]\d*$/;

/** `fork_turns` is a count of real user turns or "all": the window keys step through it. */
const forkTurnsWindow = turnCountWindow({
  field: 'fork_turns',
  count: (value) => (COUNT.test(value) ? Number(value) : null),
  isAll: (value) => value === 'all',
});

export const qwenControls: RuntimeControls<QwenForkRequest> = {
  legend: 'Agent tool parameters',
  fields: [
    {
      name: 'fork_turns',
      kind: 'text',
      hint: ({ realTurns }) => `"all" or a whole number of real user turns, 1–${Math.max(1, realTurns)} here. Keys: [ ] change N, a for all.`,
    },
    { name: 'subagent_type', kind: 'text', hint: '"fork" for a fork; any other type is a regular subagent.' },
    { name: 'name', kind: 'text', hint: 'A teammate name: teammates never inherit history.' },
  ],
  legacyKey: 'qwen',
  errorParameters: ['fork_turns', 'subagent_type', 'name'],
  defaults: { fork_turns: 'all', subagent_type: 'fork', name: '' },
  toRequest: (values, base) => ({
    ...base,
    policy: QWEN_POLICY,
    params: withoutEmpty({ subagent_type: values.subagent_type, fork_turns: values.fork_turns, name: values.name }),
  }),
  fromRequest: (request) => ({
    fork_turns: textOf(request.params.fork_turns),
    subagent_type: textOf(request.params.subagent_type),
    name: textOf(request.params.name),
  }),
  window: forkTurnsWindow,
};
