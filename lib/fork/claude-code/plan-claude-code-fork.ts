import { detailsWith } from '../disposition-details';
import type { ChildMessage, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, firstPromptMessage, syntheticMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { blankDirectiveWarning, freshPlan, rejectedPlan } from '../planning/refused-plans';
import { isRealUserTurn } from '../transcript/classify-messages';
import { toolCallsOf, toolResultIdsOf } from '../transcript/message-parts';
import type { ParentTranscript, ToolModelMessage } from '../transcript/transcript';
import type { ClaudeCodeForkRequest } from './claude-code-fork-request';
import { FORK_PLACEHOLDER_RESULT, forkDirectiveText } from './fork-directive';
import { validateClaudeCodeFork } from './validate-claude-code-fork';

const POLICY = 'claude-code-fork';

const DETAILS = detailsWith({
  'in-window': 'the full conversation: copied to the child (documented behaviour)',
  'in-flight-turn': 'recorded after the message that made the Agent call: Claude Code builds the fork while that call runs, before the batch’s results are in',
});

/**
 * Warned on every fork: Claude Code's source is not public, so what the plan shows comes from its
 * documentation, its published prompt fragments and reconstructions, and not all of it is verified.
 */
export const UNVERIFIED_TEXTS =
  'Claude Code’s source is not public. Documented: the full conversation, the same system prompt, tools and model, a shared prompt cache, and the worker rules (a published prompt fragment). Not verified from code: the <fork-boilerplate> tag, the "Your directive: " prefix and the placeholder result, which come from reconstructions of an older version.';

/** Claude Code's Agent tool (`Task` before v2), or the name a parent recorded it by. */
const AGENT_TOOL = /^(agent|task)$/i;

/**
 * The message whose Agent call is running the fork: the last assistant message before `end`, when
 * one of its Agent calls has no result yet. An earlier point of the parent, where the last call
 * was something else or was answered, has no fork in flight, and the whole of it is copied.
 */
function agentCallMessage(messages: ParentTranscript['messages'], end: number): number | null {
  const answered = new Set<string>();
  let index = end - 1;
  while (index >= 0 && messages[index]!.message.role !== 'assistant') {
    for (const id of toolResultIdsOf(messages[index]!.message)) answered.add(id);
    index--;
  }
  if (index < 0) return null;
  const open = toolCallsOf(messages[index]!.message).some((call) => AGENT_TOOL.test(call.toolName) && !answered.has(call.toolCallId));
  return open ? index : null;
}

/**
 * Plan a Claude Code fork (`subagent_type: "fork"`): the full conversation and the same system
 * prompt, tools and model, so the child's first request reuses the parent's prompt cache. The
 * message that made the Agent call is kept whole, and every call in it is answered by the same
 * placeholder, so sibling forks differ only in their directive.
 */
export function planClaudeCodeFork(parent: ParentTranscript, request: ClaudeCodeForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const validation = validateClaudeCodeFork(request.params, request.gate ?? 'subagent-type-fork', profile, request.call);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], messages.length);
  if (validation.mode === 'fresh') return freshPlan(POLICY, validation.why, messages.length);

  const callMessage = agentCallMessage(messages, end);
  const calls = callMessage === null ? [] : toolCallsOf(messages[callMessage]!.message);
  const copied = callMessage === null ? end : callMessage + 1;

  const initialMessages: ChildMessage[] = new Array(copied);
  let realTurns = 0;
  for (let index = 0; index < copied; index++) {
    const { message, meta } = messages[index]!;
    if (isRealUserTurn(message, meta)) realTurns++;
    initialMessages[index] = copyToChild(message, meta, [index], messages);
  }
  if (calls.length > 0) {
    const placeholders: ToolModelMessage = {
      role: 'tool',
      content: calls.map((call) => ({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text', value: FORK_PLACEHOLDER_RESULT },
      })),
    };
    initialMessages.push(
      syntheticMessage(
        placeholders,
        'fork-placeholder-result',
        calls.map((call) => call.toolCallId),
      ),
    );
  }

  const ranges = new ParentRangeBuilder()
    .add(0, copied, 'inherited', 'in-window', DETAILS['in-window'])
    .add(copied, end, 'excluded', 'in-flight-turn', DETAILS['in-flight-turn'])
    .add(end, messages.length, 'excluded', 'after-fork-point', DETAILS['after-fork-point']);

  const plan = forkedPlan({
    policy: POLICY,
    profile,
    keepsModes: true,
    inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
    initialMessages,
    firstPrompt: firstPromptMessage(forkDirectiveText(request.directive), 'worker-fork-prompt'),
    parent: ranges.ranges,
    window: {
      start: copied > 0 ? 0 : null,
      end,
      description:
        calls.length > 0
          ? `the full conversation, ${calls.length} call${calls.length === 1 ? '' : 's'} of the last message answered by the placeholder`
          : 'the full conversation',
      realTurns,
    },
  });
  const modelIgnored =
    request.params.model === undefined || request.params.model === null
      ? []
      : [`model ${JSON.stringify(request.params.model)} is ignored: a fork always runs on the parent’s model (the Agent tool’s documentation).`];
  return { ...plan, warnings: [...blankDirectiveWarning(request.directive, 'Claude Code'), ...modelIgnored, UNVERIFIED_TEXTS] };
}
