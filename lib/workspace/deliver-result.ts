import { type FamilyOutcome, type ForkPolicy, linkToolPairs, type ParentTranscript, runtimeOf, type TranscriptMessage, toolCallsOf } from '@/lib/fork';
import { freshMessageId } from './parent-edits';

/** The parent's tool call with this id, if it is still waiting for a result, and where it is. */
function openCall(transcript: ParentTranscript, toolCallId: string): { toolName: string; index: number } | null {
  for (const [index, calls] of linkToolPairs(transcript.messages).calls) {
    const call = calls.find((candidate) => candidate.toolCallId === toolCallId);
    if (call !== undefined) return call.resultIndex === null ? { toolName: call.toolName, index } : null;
  }
  return null;
}

/** The arguments of the parent's tool call with this id, answered or not. */
function callInput(transcript: ParentTranscript, toolCallId: string): Readonly<Record<string, unknown>> | undefined {
  for (let index = transcript.messages.length - 1; index >= 0; index--) {
    const call = toolCallsOf(transcript.messages[index]!.message).find((candidate) => candidate.toolCallId === toolCallId);
    if (call !== undefined) return typeof call.input === 'object' && call.input !== null ? (call.input as Record<string, unknown>) : undefined;
  }
  return undefined;
}

/**
 * The parent with a tool result for `call`, placed right after the call's message and the results
 * already answering it: providers require a call's results to follow it before any user message
 * (one may have arrived while the fork ran).
 */
function answered(transcript: ParentTranscript, call: { index: number }, result: TranscriptMessage): ParentTranscript {
  let at = call.index + 1;
  while (at < transcript.messages.length && transcript.messages[at]!.message.role === 'tool') at += 1;
  return { ...transcript, messages: [...transcript.messages.slice(0, at), result, ...transcript.messages.slice(at)] };
}

function toolResult(transcript: ParentTranscript, toolCallId: string, toolName: string, text: string): TranscriptMessage {
  return {
    id: freshMessageId(transcript, 'r'),
    message: { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName, output: { type: 'text', value: text } }] },
  };
}

/**
 * What the parent sees the moment a child is launched. A fork that runs in the background (Qwen's)
 * has its Agent call answered at once with the same placeholder the child's copy of the call got;
 * a runtime whose parent waits keeps the call open until the child's result comes back.
 */
export function acknowledgeLaunch(transcript: ParentTranscript, policy: ForkPolicy, agentCallId: string | null): ParentTranscript {
  const { delivery } = runtimeOf(policy);
  if (delivery.kind !== 'background-notification' || agentCallId === null) return transcript;
  const call = openCall(transcript, agentCallId);
  if (call === null) return transcript;
  return answered(transcript, call, toolResult(transcript, agentCallId, call.toolName, delivery.placeholder));
}

function userText(transcript: ParentTranscript, text: string): TranscriptMessage {
  return { id: freshMessageId(transcript, 'n'), message: { role: 'user', content: [{ type: 'text', text }] } };
}

/** How a child's run ended, as far as its parent is told. */
export interface ChildOutcome {
  policy: ForkPolicy;
  childId: string;
  name: string;
  agentCallId: string | null;
  status: 'finished' | 'failed' | 'stopped';
  output: string | null;
  error: string | null;
  /** The release line the child was planned by, and how long it ran: what a runtime that says so tells its parent. */
  runtimeVersion?: string;
  seconds?: number;
}

const BACKGROUND_STATUS = { finished: 'completed', failed: 'failed', stopped: 'cancelled' } as const;

/**
 * What the parent receives when a child's run ends, or null when it receives nothing.
 *
 * A fork that runs in the background (Qwen's) tells its parent how it ended, however it ended, in
 * the runtime's own notification, as a user turn. A child whose parent waits answers the open Agent
 * call with its final output and nothing else; if the person has since edited that call away, the
 * output arrives as a notification reminder, which never counts as a real user turn. Such a child
 * that fails or is stopped leaves the call open, as the parent's runtime would until it returned.
 */
export function deliverChildOutcome(transcript: ParentTranscript, child: ChildOutcome): ParentTranscript | null {
  const { delivery } = runtimeOf(child.policy);
  if (delivery.kind === 'background-notification') {
    const notification = delivery.notification({
      taskId: child.childId,
      ...(child.agentCallId === null ? {} : { toolUseId: child.agentCallId }),
      description: child.name,
      ...(child.agentCallId === null ? {} : { callInput: callInput(transcript, child.agentCallId) }),
      status: BACKGROUND_STATUS[child.status],
      ...(child.output ? { result: child.output } : {}),
      ...(child.status === 'failed' && child.error ? { error: child.error } : {}),
    });
    return { ...transcript, messages: [...transcript.messages, userText(transcript, notification)] };
  }
  if (child.status !== 'finished' || child.output === null) return null;
  const call = child.agentCallId === null ? null : openCall(transcript, child.agentCallId);
  const result =
    delivery.kind === 'call-result' && delivery.render !== undefined
      ? delivery.render({
          agentId: child.childId,
          result: child.output,
          caller: transcript.profile,
          runtimeVersion: child.runtimeVersion,
          seconds: child.seconds,
        })
      : child.output;
  if (call !== null) return answered(transcript, call, toolResult(transcript, child.agentCallId!, call.toolName, result));
  const reminder = `<system-reminder>\nThe forked agent "${child.name}" finished. Its result:\n${child.output}\n</system-reminder>`;
  return { ...transcript, messages: [...transcript.messages, userText(transcript, reminder)] };
}

/**
 * What the parent receives once every child of a family (one call's children, launched together)
 * has ended, or null when its runtime does not deliver families: the runtime's rendering of all
 * their outcomes, as the one result of the call that started them, or, if the person has since
 * edited that call away, as a notification reminder.
 */
export function deliverFamilyOutcome(
  transcript: ParentTranscript,
  family: {
    policy: ForkPolicy;
    agentCallId: string | null;
    description: string;
    outcomes: readonly FamilyOutcome[];
    runtimeVersion?: string;
    seconds?: number;
  },
): ParentTranscript | null {
  const { delivery } = runtimeOf(family.policy);
  if (delivery.kind !== 'family-result') return null;
  const text = delivery.render(family.outcomes, {
    ...(family.runtimeVersion === undefined ? {} : { runtimeVersion: family.runtimeVersion }),
    ...(family.seconds === undefined ? {} : { seconds: family.seconds }),
  });
  const call = family.agentCallId === null ? null : openCall(transcript, family.agentCallId);
  if (call !== null) return answered(transcript, call, toolResult(transcript, family.agentCallId!, call.toolName, text));
  const reminder = `<system-reminder>\nThe forked agents of "${family.description}" finished. Their result:\n${text}\n</system-reminder>`;
  return { ...transcript, messages: [...transcript.messages, userText(transcript, reminder)] };
}
