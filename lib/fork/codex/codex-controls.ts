import { RUNTIME_VERSION_FIELD, type RuntimeControls, runtimeVersionField, runtimeVersionOf, textOf, turnCountWindow, withoutEmpty } from '../runtime-controls';
import {
  CODEX_FINAL_ANSWER_RULES,
  CODEX_LOCK_VARIANTS,
  CODEX_POLICY,
  type CodexFinalAnswerRule,
  type CodexForkRequest,
  type CodexLockVariant,
} from './codex-fork-request';
import { CODEX_VERSIONS } from './codex-versions';
import { forkTurnBoundaries } from './fork-turns';

const COUNT = /^[1-9]\d*$/;

/** `fork_turns` counts fork turns back from the one in flight, or is `all` (blank too): the window keys step through it. */
const forkTurnsWindow = turnCountWindow({
  field: 'fork_turns',
  count: (value) => (COUNT.test(value.trim()) ? Number(value.trim()) : null),
  isAll: (value) => value.trim().toLowerCase() === 'all' || value.trim() === '',
  beyondAll: ['none'],
  // Codex's fork turns, not Fork Lab's real user turns: a badge must start the window where Codex will.
  turnStarts: forkTurnBoundaries,
});

const LOCK_LABELS: Record<CodexLockVariant, string> = {
  'three-fields': 'agent_type, model, reasoning_effort (Apr–Jun 2026)',
  'agent-type-only': 'agent_type only (later)',
};

const FINAL_ANSWER_LABELS: Record<CodexFinalAnswerRule, string> = {
  phase: 'recorded phase only (Codex)',
  'last-text-of-turn': 'last text of each turn (Fork Lab option)',
};

export const codexControls: RuntimeControls<CodexForkRequest> = {
  legend: 'spawn_agent arguments',
  nameParameter: 'task_name',
  fields: [
    { name: 'task_name', kind: 'text', hint: 'Required: the child’s path is /root/<task_name>.' },
    {
      name: 'fork_turns',
      kind: 'text',
      hint: ({ realTurns }) =>
        `"none", "all" (or blank), or a number of fork turns, the one in flight counting as 1 (${Math.max(1, realTurns)} here; 0.169 forks all for any number). Keys: [ ] change N, a for all.`,
    },
    { name: 'agent_type', kind: 'text', hint: 'A role; codex-rs refuses it on a full-history fork, 0.169 applies it.' },
    { name: 'model', kind: 'text', hint: 'codex-rs refuses it on a full-history fork; 0.169 applies it.' },
    { name: 'reasoning_effort', kind: 'text', hint: 'codex-rs: none, minimal, low, medium, high or xhigh; 0.169: any string, checked against the model.' },
    {
      name: 'fork_context',
      kind: 'select',
      hint: 'MultiAgentV2 refuses it whatever its value.',
      options: [
        { value: '', label: '(left out)' },
        { value: 'true', label: 'true' },
        { value: 'false', label: 'false' },
      ],
    },
    runtimeVersionField(CODEX_VERSIONS),
    {
      name: 'lock',
      kind: 'select',
      hint: 'Which full-history lock codex-rs reproduces (0.169 has none).',
      options: CODEX_LOCK_VARIANTS.map((variant) => ({ value: variant, label: LOCK_LABELS[variant] })),
      setting: true,
    },
    {
      name: 'finalAnswers',
      kind: 'select',
      hint: 'What codex-rs counts as a final answer in a parent recorded without phases (0.169 forks every item).',
      options: CODEX_FINAL_ANSWER_RULES.map((rule) => ({ value: rule, label: FINAL_ANSWER_LABELS[rule] })),
      setting: true,
    },
  ],
  errorParameters: ['task_name', 'fork_turns', 'agent_type', 'model', 'reasoning_effort', 'fork_context'],
  defaults: {
    task_name: 'worker',
    fork_turns: 'all',
    agent_type: '',
    model: '',
    reasoning_effort: '',
    fork_context: '',
    [RUNTIME_VERSION_FIELD]: CODEX_VERSIONS[0].id,
    lock: 'three-fields',
    finalAnswers: 'phase',
  },
  toRequest: (values, base) => ({
    ...base,
    policy: CODEX_POLICY,
    ...runtimeVersionOf(CODEX_VERSIONS, values[RUNTIME_VERSION_FIELD]),
    lock: CODEX_LOCK_VARIANTS.find((variant) => variant === values.lock) ?? 'three-fields',
    finalAnswers: CODEX_FINAL_ANSWER_RULES.find((rule) => rule === values.finalAnswers) ?? 'phase',
    params: {
      ...withoutEmpty({
        task_name: values.task_name,
        agent_type: values.agent_type,
        model: values.model,
        reasoning_effort: values.reasoning_effort,
        fork_turns: values.fork_turns,
      }),
      // `fork_context` is a boolean in Codex's record: the select's text becomes one, or is left out.
      ...(values.fork_context === 'true' || values.fork_context === 'false' ? { fork_context: values.fork_context === 'true' } : {}),
    },
  }),
  fromRequest: (request) => ({
    task_name: textOf(request.params.task_name),
    fork_turns: textOf(request.params.fork_turns),
    agent_type: textOf(request.params.agent_type),
    model: textOf(request.params.model),
    reasoning_effort: textOf(request.params.reasoning_effort),
    fork_context: typeof request.params.fork_context === 'boolean' ? String(request.params.fork_context) : textOf(request.params.fork_context),
    [RUNTIME_VERSION_FIELD]: request.runtimeVersion ?? CODEX_VERSIONS[0].id,
    lock: request.lock ?? 'three-fields',
    finalAnswers: request.finalAnswers ?? 'phase',
  }),
  window: forkTurnsWindow,
};
