import { detailsWith } from '../disposition-details';
import type { ChildMessage, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, syntheticMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { toolCallsOf, toolResultIdsOf } from '../transcript/message-parts';
import type { ParentTranscript, ToolDeclaration } from '../transcript/transcript';
import type { CodexForkRequest } from './codex-fork-request';
import { openCallsAnswered, type SiblingSpawn } from './open-calls-answered';
import { developerMessage, MULTI_AGENT_MODE, newTaskMessage, SPAWNED_CHILD_NOTICE, SUBAGENT_USAGE_HINT_0169 } from './shipped-messages';
import { spawnOverrides } from './spawn-overrides';
import type { CodexForkMode } from './validate-codex-spawn';

const POLICY = 'codex-spawn-agent';

const DETAILS = detailsWith({
  'in-window': 'kept as it is: Codex 0.169 forks every item (reasoning, commentary, tool calls and their outputs), usage hints included',
  'open-tool-call-closed': 'kept, its open calls answered "aborted" right after them: a forked history holds no call without an output',
});

/** The namespace 0.169 declares its multi-agent tools in, and which a child is not sent (seen in its traffic). */
export const COLLABORATION_NAMESPACE = 'collaboration';

/**
 * Plan a Codex 0.169 `spawn_agent` call, as its traffic shows it (verify, codex@0.169.0). A fork
 * (`fork_turns` all, left out, or a number: 0.169 parses N but forks everything) is the parent's
 * items up to the call, every one as it is; each call with no output is answered "aborted" right
 * after it (the spawn call itself, and siblings not yet run); a sibling spawn that ran before this
 * one keeps its real output, after the call message. Then three developer messages (who the child
 * is, its usage hint, the multi-agent mode again) and the task as an agent message. The child is
 * sent the parent's tools less the `collaboration` namespace.
 */
export function planShippedCodexFork(
  parent: ParentTranscript,
  request: CodexForkRequest,
  end: number,
  mode: Exclude<CodexForkMode, { kind: 'none' }>,
): ForkPlan {
  const { messages, profile } = parent;
  const taskName = typeof request.params.task_name === 'string' ? request.params.task_name : '';
  const answered = new Set<string>();
  for (let index = 0; index < end; index++) for (const id of toolResultIdsOf(messages[index]!.message)) answered.add(id);
  const siblings = siblingsRunBefore(messages, end, request.directive, answered);

  const initialMessages: ChildMessage[] = [];
  const ranges = new ParentRangeBuilder();
  let closed = 0;
  for (let index = 0; index < end; index++) {
    const { message, meta } = messages[index]!;
    const open = toolCallsOf(message).filter((call) => !answered.has(call.toolCallId) && !siblings.some((sibling) => sibling.toolCallId === call.toolCallId));
    if (open.length === 0 || message.role !== 'assistant') {
      initialMessages.push(copyToChild(message, meta, [index], messages));
      ranges.one(index, 'inherited', 'in-window', DETAILS['in-window']);
      continue;
    }
    closed += open.length;
    initialMessages.push(...openCallsAnswered(copyToChild(message, meta, [index], messages), open, index === end - 1 ? siblings : []));
    ranges.one(index, 'inherited', 'open-tool-call-closed', DETAILS['open-tool-call-closed']);
  }
  ranges.add(end, messages.length, 'excluded', 'after-fork-point', DETAILS['after-fork-point']);
  initialMessages.push(
    syntheticMessage(developerMessage(SPAWNED_CHILD_NOTICE), 'inheritance-notice'),
    syntheticMessage(developerMessage(SUBAGENT_USAGE_HINT_0169), 'subagent-usage-hint'),
    syntheticMessage(developerMessage(MULTI_AGENT_MODE), 'multi-agent-mode'),
  );
  const task = newTaskMessage(ROOT_PATH, taskName, request.directive);

  const overrides = spawnOverrides(request.params);
  const plan = forkedPlan({
    policy: POLICY,
    profile,
    keepsModes: true,
    inheritance: { systemInstruction: 'parent', tools: 'parent-filtered', model: overrides.model === undefined ? 'parent' : 'request' },
    tools: withoutCollaboration(profile.tools),
    ...overrides,
    initialMessages,
    firstPrompt: { ...syntheticMessage(task, 'agent-message-task'), message: task },
    parent: ranges.ranges,
    window: {
      start: end > 0 ? 0 : null,
      end,
      description: `the whole history, every item as it is${closed > 0 ? ` (${closed} open call${closed === 1 ? '' : 's'} answered "aborted")` : ''}`,
      realTurns: messages.slice(0, end).filter(({ message }) => message.role === 'user').length,
    },
  });
  plan.warnings.push(...shippedWarnings(request, mode, profile.depth));
  return plan;
}

const ROOT_PATH = '/root';

function withoutCollaboration(tools: readonly ToolDeclaration[]): ToolDeclaration[] {
  return tools.filter((tool) => tool.namespace !== COLLABORATION_NAMESPACE);
}

/**
 * The spawn calls of the calling message that Codex ran before this one: it runs a response's calls
 * in order, so a sibling named earlier has already spawned (its output `{"task_name": …}`) when
 * this child forks, and this child inherits that output.
 */
function siblingsRunBefore(messages: ParentTranscript['messages'], end: number, directive: string, answered: ReadonlySet<string>): SiblingSpawn[] {
  const last = messages[end - 1]?.message;
  if (last === undefined || last.role !== 'assistant') return [];
  const spawns = toolCallsOf(last).filter((call) => call.toolName === 'spawn_agent' && !answered.has(call.toolCallId));
  const own = spawns.findIndex((call) => (call.input as { message?: unknown } | null)?.message === directive);
  return spawns.slice(0, Math.max(0, own)).map((call) => {
    const name = (call.input as { task_name?: unknown } | null)?.task_name;
    return {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      output: JSON.stringify({ task_name: `${ROOT_PATH}/${typeof name === 'string' ? name : ''}` }),
    };
  });
}

function shippedWarnings(request: CodexForkRequest, mode: Exclude<CodexForkMode, { kind: 'none' }>, depth: number): string[] {
  const warnings: string[] = [];
  if (mode.kind === 'last') {
    warnings.push(
      `fork_turns ${JSON.stringify(request.params.fork_turns)}: Codex 0.169 still parses a number but forks the whole history, as for "all" (seen in its traffic).`,
    );
  }
  if (typeof request.params.model === 'string') {
    warnings.push(
      'Another model: Codex 0.169 first compacts the inherited history on the parent’s model and starts the child from a rebuilt context with that summary. Fork Lab plans the fork without that step.',
    );
  }
  if (typeof request.params.reasoning_effort === 'string') {
    warnings.push('Codex 0.169 checks the effort against the model’s supported efforts (its model catalog), which Fork Lab does not have.');
  }
  if (typeof request.params.agent_type === 'string' && request.params.agent_type.trim() !== '') {
    warnings.push(
      'A role: Codex 0.169 adds its developer instructions after the notice that starts the child, and applies its model and effort. Fork Lab does not have the role’s configuration.',
    );
  }
  if (depth > 0) warnings.push('Fork Lab does not track agent paths below /root: the task is shown as sent from /root.');
  return warnings;
}
