import { detailsWith } from '../disposition-details';
import type { ChildMessage, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, firstPromptMessage, syntheticMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { blankDirectiveWarning, freshPlan, rejectedPlan } from '../planning/refused-plans';
import { isRealUserTurn } from '../transcript/classify-messages';
import { toolCallsOf, toolResultIdsOf } from '../transcript/message-parts';
import type { AssistantModelMessage, ParentTranscript, ToolModelMessage } from '../transcript/transcript';
import type { ClaudeCodeForkRequest } from './claude-code-fork-request';
import { CLAUDE_CODE_VERSIONS, type ClaudeCodeVersion } from './claude-code-versions';
import { FORK_PLACEHOLDER_RESULT, forkDirectiveText, OWN_AGENT_CALL_RESULT, OWN_OTHER_CALL_RESULT } from './fork-directive';
import { subagentSystemInstruction } from './subagent-billing-header';
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
 * message that made the Agent call is kept whole. In 2.1.328 its fork's own call is answered
 * "that fork is you" and every other call "the parent's call", so siblings differ from their first
 * placeholder on; earlier assistant messages with unanswered calls are left out, and the billing
 * line says subagent. The 2.1.88-era reconstruction answers every call with one placeholder.
 */
export function planClaudeCodeFork(parent: ParentTranscript, request: ClaudeCodeForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const validation = validateClaudeCodeFork(request.params, request.gate ?? 'subagent-type-fork', profile, request.call);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], messages.length);
  if (validation.mode === 'fresh') return freshPlan(POLICY, validation.why, messages.length);

  const version = (request.runtimeVersion ?? CLAUDE_CODE_VERSIONS[0].id) as ClaudeCodeVersion;
  const callMessage = agentCallMessage(messages, end);
  const calls = callMessage === null ? [] : toolCallsOf(messages[callMessage]!.message);
  const copied = callMessage === null ? end : callMessage + 1;
  // 2.1.328 leaves out every earlier assistant message with a call nobody answered (`Oqn`).
  const unanswered = version === '2.1.88' ? new Set<number>() : unansweredCallMessages(messages, callMessage ?? end, end);

  const own = calls.length === 0 ? null : ownCall(calls, request.directive);
  // 2.1.328 records each block of a streamed answer as its own message: a fork's calling record
  // holds its own call alone, and a sibling's record is an unanswered call, left out. On the wire
  // the message keeps its text and this fork's call (seen in its traffic, verify sibling-forks).
  const answeredCalls = own === null || version === '2.1.88' ? calls : [own];
  const initialMessages: ChildMessage[] = [];
  let realTurns = 0;
  for (let index = 0; index < copied; index++) {
    const { message, meta } = messages[index]!;
    if (isRealUserTurn(message, meta)) realTurns++;
    if (unanswered.has(index)) continue;
    if (index === callMessage && answeredCalls.length < calls.length)
      initialMessages.push(withOnlyCall(copyToChild(message, meta, [index], messages, 'stripped'), own!));
    else initialMessages.push(copyToChild(message, meta, [index], messages));
  }
  if (own !== null) {
    const placeholders: ToolModelMessage = {
      role: 'tool',
      content: answeredCalls.map((call) => ({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text', value: version === '2.1.88' ? FORK_PLACEHOLDER_RESULT : placeholderFor(call) },
      })),
    };
    initialMessages.push(
      syntheticMessage(
        placeholders,
        'fork-placeholder-result',
        answeredCalls.map((call) => call.toolCallId),
      ),
    );
  }

  const ranges = new ParentRangeBuilder();
  for (let index = 0; index < copied; index++) {
    if (unanswered.has(index)) ranges.one(index, 'excluded', 'dropped-by-curation', UNANSWERED_DROPPED);
    else ranges.one(index, 'inherited', 'in-window', DETAILS['in-window']);
  }
  ranges
    .add(copied, end, 'excluded', 'in-flight-turn', DETAILS['in-flight-turn'])
    .add(end, messages.length, 'excluded', 'after-fork-point', DETAILS['after-fork-point']);

  const plan = forkedPlan({
    policy: POLICY,
    profile,
    keepsModes: true,
    inheritance: { systemInstruction: version === '2.1.88' ? 'parent' : 'parent-as-subagent', tools: 'parent', model: 'parent' },
    ...(version === '2.1.88' ? {} : { systemInstruction: subagentSystemInstruction(profile.systemInstruction) }),
    initialMessages,
    firstPrompt: firstPromptMessage(forkDirectiveText(request.directive), 'worker-fork-prompt'),
    parent: ranges.ranges,
    window: {
      start: copied > 0 ? 0 : null,
      end,
      description:
        calls.length === 0
          ? 'the full conversation'
          : answeredCalls.length < calls.length
            ? `the full conversation, this fork’s call answered by the placeholder (${calls.length - answeredCalls.length} sibling call${calls.length - answeredCalls.length === 1 ? '' : 's'} of the message left out)`
            : `the full conversation, ${calls.length} call${calls.length === 1 ? '' : 's'} of the last message answered by the placeholder`,
      realTurns,
    },
  });
  const modelIgnored =
    request.params.model === undefined || request.params.model === null
      ? []
      : [`model ${JSON.stringify(request.params.model)} is ignored: a fork always runs on the parent’s model (the Agent tool’s documentation).`];
  return {
    ...plan,
    warnings: [...blankDirectiveWarning(request.directive, 'Claude Code'), ...modelIgnored, ...(version === '2.1.88' ? [UNVERIFIED_TEXTS] : [])],
  };
}

const UNANSWERED_DROPPED =
  'an assistant message with a call nobody answered: Claude Code 2.1.328 leaves it out of a fork (the calling message is copied whole)';

/** Assistant messages before the calling one with a call no message before `end` answers. */
function unansweredCallMessages(messages: ParentTranscript['messages'], before: number, end: number): Set<number> {
  // Read part by part, building no list per message: this runs over the whole parent at every plan.
  const answered = new Set<string>();
  for (let index = 0; index < end; index++) {
    const { content } = messages[index]!.message;
    if (typeof content !== 'string') for (const part of content) if (part.type === 'tool-result') answered.add(part.toolCallId);
  }
  const unanswered = new Set<number>();
  for (let index = 0; index < before; index++) {
    const { message } = messages[index]!;
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    if (message.content.some((part) => part.type === 'tool-call' && !answered.has(part.toolCallId))) unanswered.add(index);
  }
  return unanswered;
}

type Call = ReturnType<typeof toolCallsOf>[number];

/**
 * The call that started this fork: the only call of the message, else the Agent call whose prompt
 * is this fork's directive (siblings each find their own), else the first Agent call.
 */
function ownCall(calls: readonly Call[], directive: string): Call {
  if (calls.length === 1) return calls[0]!;
  const agentCalls = calls.filter((call) => AGENT_TOOL.test(call.toolName));
  const prompted = agentCalls.find((call) => (call.input as { prompt?: unknown } | null)?.prompt === directive);
  return prompted ?? agentCalls[0] ?? calls[0]!;
}

/** The calling message with every call but this fork's own taken out (the copy is the child's own). */
function withOnlyCall(copy: ChildMessage, own: Call): ChildMessage {
  const message = copy.message as AssistantModelMessage;
  const content = (message.content as AssistantModelMessage['content'] & unknown[]).filter(
    (part) => (part as { type: string }).type !== 'tool-call' || (part as { toolCallId: string }).toolCallId === own.toolCallId,
  );
  return { ...copy, message: { ...message, content } as AssistantModelMessage };
}

/** The fork's own call is the only one its child answers in 2.1.328: under the Agent tool's name, or another that started it. */
function placeholderFor(call: Call): string {
  return AGENT_TOOL.test(call.toolName) ? OWN_AGENT_CALL_RESULT : OWN_OTHER_CALL_RESULT;
}
