import { detailsWith } from '../disposition-details';
import type { ChildMessage, DispositionReason, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, syntheticMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { freshPlan, rejectedPlan } from '../planning/refused-plans';
import { deepClone } from '../transcript/deep-clone';
import type { ParentTranscript } from '../transcript/transcript';
import type { CodexForkRequest } from './codex-fork-request';
import { CODEX_VERSIONS, type CodexVersion } from './codex-versions';
import { forkTurnBoundaries, lastTurnsStart } from './fork-turns';
import { forkedItemOf, hasPhaseLessText, lastTextOfEachTurn } from './forked-items';
import { interAgentTask, isUsageHint, ROOT_AGENT_PATH, subagentUsageHintMessage } from './multi-agent-messages';
import { planShippedCodexFork } from './plan-shipped-codex-fork';
import { spawnOverrides } from './spawn-overrides';
import { validateCodexSpawn } from './validate-codex-spawn';

const POLICY = 'codex-spawn-agent';

const DETAILS = detailsWith({
  'in-window': 'kept: Codex forks every user, developer and system message',
  'before-window': 'before the last N fork turns: a last-N fork starts at a turn boundary, so the startup context goes too',
});

const DROPPED: Record<'tool-output' | 'not-a-final-answer' | 'usage-hint', { reason: DispositionReason; detail: string }> = {
  'tool-output': { reason: 'tool-item-dropped', detail: 'a tool output: Codex forks no tool items, so the child never holds an unanswered call' },
  'not-a-final-answer': {
    reason: 'not-a-final-answer',
    detail: 'an assistant message with no final answer (tool calls, reasoning, commentary, or no phase): Codex keeps final answers only',
  },
  'usage-hint': { reason: 'usage-hint-filtered', detail: 'a multi-agent usage hint of the parent’s: filtered out of every fork' },
};

const STRIPPED = 'an assistant message reduced to its final-answer text: its reasoning, tool calls and commentary are not forked';
const LAST_TEXT_OPTION = 'Fork Lab’s option, not Codex: the last assistant text of a finished turn read as its final answer';

/**
 * Plan a Codex MultiAgentV2 `spawn_agent` call: 0.169 as shipped, or codex-rs as read. There a fork is the parent's items of the chosen window
 * (the whole history, or from the Nth turn boundary from the end) with everything but messages and
 * final answers removed — which is why Codex needs no repair at the boundary — then the task as an
 * inter-agent message. A full-history fork continues the parent's own context, so it also ends its
 * items with the child's usage hint; a last-N fork rebuilds the child's startup context instead.
 */
export function planCodexFork(parent: ParentTranscript, request: CodexForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const lock = request.lock ?? 'three-fields';
  const version = (request.runtimeVersion ?? CODEX_VERSIONS[0].id) as CodexVersion;
  const validation = validateCodexSpawn(request.directive, request.params, { version, lock }, request.call);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], messages.length);
  const { mode } = validation;
  if (mode.kind === 'none') return freshPlan(POLICY, 'fork_turns "none": a fresh agent with no history', messages.length);
  if (version === '0.169') return planShippedCodexFork(parent, request, end, mode);

  const boundaries = forkTurnBoundaries(messages, end);
  const start = mode.kind === 'all' ? 0 : lastTurnsStart(boundaries, mode.turns);
  const phaseLessIsFinal = request.finalAnswers === 'last-text-of-turn';
  const treatedFinal = phaseLessIsFinal ? lastTextOfEachTurn(messages, end) : new Set<number>();

  const ranges = new ParentRangeBuilder().add(
    0,
    start ?? end,
    'excluded',
    'before-window',
    start === null ? 'no fork turn before the fork point: the child inherits nothing' : DETAILS['before-window'],
  );
  const initialMessages: ChildMessage[] = [];
  let phaseLess = 0;
  for (let index = start ?? end; index < end; index++) {
    const { message, meta } = messages[index]!;
    const item = forkedItemOf(message, isUsageHint, treatedFinal.has(index));
    if (!treatedFinal.has(index) && hasPhaseLessText(message)) phaseLess++;
    if (item.kind === 'dropped') {
      ranges.one(index, 'excluded', DROPPED[item.why].reason, DROPPED[item.why].detail);
    } else if (item.kind === 'final-answer') {
      // The reduced message holds the parent's parts: a copy of its own, never the parent's objects.
      initialMessages.push({ ...copyToChild(item.message, meta, [index], messages, 'stripped'), message: deepClone(item.message) });
      ranges.one(index, 'inherited', 'final-answer-kept', treatedFinal.has(index) ? `${STRIPPED} (${LAST_TEXT_OPTION})` : STRIPPED);
    } else {
      initialMessages.push(copyToChild(message, meta, [index], messages));
      ranges.one(index, 'inherited', 'in-window', treatedFinal.has(index) ? `kept whole (${LAST_TEXT_OPTION})` : DETAILS['in-window']);
    }
  }
  ranges.add(end, messages.length, 'excluded', 'after-fork-point', DETAILS['after-fork-point']);
  if (mode.kind === 'all') initialMessages.push(syntheticMessage(subagentUsageHintMessage(), 'subagent-usage-hint'));

  const taskName = typeof request.params.task_name === 'string' ? request.params.task_name : '';
  const task = interAgentTask(ROOT_AGENT_PATH, taskName, request.directive);
  const firstPrompt = { ...syntheticMessage(task, 'inter-agent-task'), message: task };

  const turnsInWindow = start === null ? 0 : boundaries.filter((index) => index >= start).length;
  const description =
    mode.kind === 'all'
      ? 'the whole history: messages and final answers'
      : start === null
        ? `last ${mode.turns} fork turn${mode.turns === 1n ? '' : 's'}: the parent has no turn boundary, so nothing`
        : `last ${mode.turns} fork turn${mode.turns === 1n ? '' : 's'}${BigInt(boundaries.length) < mode.turns ? ` (the parent has ${boundaries.length}: from the first)` : ''}: messages and final answers`;

  const overrides = mode.kind === 'all' && lock === 'three-fields' ? {} : spawnOverrides(request.params);
  const plan = forkedPlan({
    policy: POLICY,
    profile,
    keepsModes: true,
    inheritance: { systemInstruction: 'parent', tools: 'parent', model: overrides.model === undefined ? 'parent' : 'request' },
    ...overrides,
    initialMessages,
    firstPrompt,
    parent: ranges.ranges,
    window: { start: start === null || start >= end ? null : start, end, description, realTurns: turnsInWindow },
  });
  plan.warnings.push(...codexWarnings(mode.kind, phaseLess, profile.depth));
  return plan;
}

function codexWarnings(mode: 'all' | 'last', phaseLess: number, depth: number): string[] {
  const warnings: string[] = [];
  if (phaseLess > 0) {
    warnings.push(
      `${phaseLess} assistant message${phaseLess === 1 ? ' has' : 's have'} text with no phase (recorded by another runtime, or before Codex wrote phases): Codex keeps only final answers, so ${phaseLess === 1 ? 'it is' : 'they are'} dropped. Fork Lab's option "last text of each turn" reads the last one of each finished turn as its final answer instead.`,
    );
  }
  if (mode === 'last') {
    warnings.push(
      "A last-N fork drops the parent's context baseline: on its first turn Codex renders the child's own startup context (developer instructions, AGENTS.md, environment) after these items and before the task. Fork Lab does not have the child's and leaves it out.",
    );
  }
  if (depth > 0) warnings.push('Fork Lab does not track agent paths below /root: the task is shown as sent from /root.');
  return warnings;
}
