import type { ChildMessage, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, firstPromptMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { blankDirectiveWarning, freshPlan, rejectedPlan } from '../planning/refused-plans';
import { isRealUserTurn } from '../transcript/classify-messages';
import { toolCallsOf } from '../transcript/message-parts';
import type { ParentTranscript } from '../transcript/transcript';
import { DEEP_AGENTS_POLICY, DEFAULT_PROGRAM, type DeepAgentsForkRequest } from './deep-agents-fork-request';
import { forkChildProfile } from './fork-child-profile';
import { forkTaskPrompt } from './fork-preamble';
import { inFlightMessageIndex } from './in-flight-message';
import { patchToolCalls } from './patch-tool-calls';
import { isSummaryMessage } from './summary-message';
import { validateDeepAgentsTask } from './validate-deep-agents-task';

export const DETAILS = {
  inherited: 'the conversation before the task call: copied to the child as it stands (the parent’s effective messages)',
  summary: 'Deep Agents’ summary of the turns before it (getEffectiveMessages puts it first): copied to the child',
  closed: 'copied; a call of it nothing answered gets the cancellation result the fork’s patch-tool-calls middleware writes',
  orphaned: 'a tool result no call in the history asked for: the fork’s patch-tool-calls middleware removes it',
  inFlight: 'the message holding the task call: stripInFlightAIMessage drops it whole, every call in it (siblings, other tools) with no result in its place',
  afterInFlight: 'recorded after the message holding the task call: its batch’s results come in after the call has run',
  afterForkPoint: 'after the fork point: the parent had not written it yet',
} as const;

/**
 * Plan a `task` call under deepagents 1.14.1 (`runTask` in dist/langsmith-Bgi_Ta-k.js). A type
 * whose subagent has `mode: "fork"` gets the parent's effective messages without the trailing
 * message that holds the call, then one HumanMessage: `FORK_TASK_PREAMBLE` and the description.
 * A declarative fork keeps the parent's prompt (plus its own addendum), tools and model and its
 * mirrored middleware patches unanswered calls; a compiled one brings its runnable's own.
 */
export function planDeepAgentsFork(parent: ParentTranscript, request: DeepAgentsForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const program = request.program ?? DEFAULT_PROGRAM;
  const check = validateDeepAgentsTask(request, program, profile);
  if (!check.ok) return rejectedPlan(DEEP_AGENTS_POLICY, [check.error], messages.length);
  if (check.mode === 'fresh') return freshPlan(DEEP_AGENTS_POLICY, check.why, messages.length);

  const inFlight = inFlightMessageIndex(messages, end);
  const cut = inFlight ?? end;
  // The summary reads as a person's prompt on the wire; it is no turn of theirs.
  const summarized = cut > 0 && isSummaryMessage(messages[0]);
  const copies: ChildMessage[] = [];
  let realTurns = 0;
  for (let index = 0; index < cut; index++) {
    const { message, meta } = messages[index]!;
    if (isRealUserTurn(message, meta) && !(summarized && index === 0)) realTurns++;
    copies.push(copyToChild(message, meta, [index], messages));
  }
  const declarative = program.fork.kind === 'declarative';
  const patched = declarative ? patchToolCalls(copies) : { messages: copies, closed: new Set<number>(), dropped: new Set<number>() };

  const ranges = new ParentRangeBuilder();
  for (let index = 0; index < cut; index++) {
    if (patched.dropped.has(index)) ranges.one(index, 'excluded', 'tool-item-dropped', DETAILS.orphaned);
    else if (patched.closed.has(index)) ranges.one(index, 'inherited', 'open-tool-call-closed', DETAILS.closed);
    else if (summarized && index === 0) ranges.one(index, 'inherited', 'in-window', DETAILS.summary);
    else ranges.one(index, 'inherited', 'in-window', DETAILS.inherited);
  }
  if (inFlight !== null)
    ranges.one(inFlight, 'excluded', 'in-flight-turn', DETAILS.inFlight).add(inFlight + 1, end, 'excluded', 'in-flight-turn', DETAILS.afterInFlight);
  ranges.add(end, messages.length, 'excluded', 'after-fork-point', DETAILS.afterForkPoint);

  const child = forkChildProfile(program.fork, profile);
  const plan = forkedPlan({
    policy: DEEP_AGENTS_POLICY,
    profile,
    keepsModes: child.keepsModes,
    systemInstruction: child.systemInstruction,
    tools: child.tools,
    model: child.model,
    inheritance: child.inheritance,
    initialMessages: patched.messages,
    firstPrompt: firstPromptMessage(forkTaskPrompt(request.directive), 'notice-and-task-prompt'),
    parent: ranges.ranges,
    window: {
      start: cut > 0 ? 0 : null,
      end,
      description: windowDescription(inFlight === null ? null : toolCallsOf(messages[inFlight]!.message).length),
      realTurns,
    },
  });
  // The schema's `description` is any string, so a blank task starts a fork all the same.
  return { ...plan, warnings: [...blankDirectiveWarning(request.directive, 'Deep Agents'), ...child.warnings] };
}

function windowDescription(inFlightCalls: number | null): string {
  if (inFlightCalls === null) return 'the full conversation';
  return `the full conversation less the message in flight (its ${inFlightCalls === 1 ? 'call' : `${inFlightCalls} calls`} left out with it)`;
}
