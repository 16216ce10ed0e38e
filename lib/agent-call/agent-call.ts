import {
  type ForkPolicy,
  type ForkRequest,
  joinedText,
  type ParentTranscript,
  runtimeOf,
  type ToolDeclaration,
  type TranscriptMessage,
  toolCallsOf,
  toolResultIdsOf,
} from '@/lib/fork';
import { canonicalJson } from '@/lib/json/canonical-json';
import { isRecord } from '@/lib/json/is-record';
import { AGENT_TOOL_NAMES, agentToolNamesFor, inFlightCallMessage } from './in-flight-call';

/** The Agent call's input as the runtime's model would write it for a request. */
export function agentCallInput(request: ForkRequest): Record<string, unknown> {
  return runtimeOf(request.policy).agentTool.callInput(request);
}

/**
 * The name the parent calls the runtime's tool by: the name its recorded Agent tool has, so its
 * history and its tools agree. A tool that starts a family (Kimi's AgentSwarm) sits beside the Agent
 * tool in its runtime and names itself in its own description, so it keeps its own name.
 */
export function liveAgentToolName(policy: ForkPolicy, declared: readonly ToolDeclaration[]): string {
  const runtime = runtimeOf(policy);
  if (runtime.memberRequest !== undefined) return runtime.agentTool.declaration.name;
  return declared.find((tool) => AGENT_TOOL_NAMES.has(tool.name))?.name ?? runtime.agentTool.declaration.name;
}

/** A fork of the parent as the runtime makes it at launch. */
export interface ForkAtCall {
  /** The parent, with the Agent call Fork Lab wrote when it wrote one. */
  transcript: ParentTranscript;
  written: TranscriptMessage | null;
  /** The request to plan with: the caller's, with the fork point where the runtime takes its snapshot. */
  request: ForkRequest;
  /** The call the fork answers (its result or placeholder goes there); null when none is in flight. */
  agentCall: { toolCallId: string; toolName: string } | null;
}

type ToolCall = NonNullable<ReturnType<typeof inFlightCallMessage>>['open'][number];

/**
 * The open call a request is the fork of: the call the runtime's model would write for it, else
 * the one whose directive it carries (siblings each find their own, in any launch order), else the
 * first. Picking by position would hand a sibling launched first its neighbour's call.
 */
function ownCall(open: readonly ToolCall[], request: ForkRequest): ToolCall | undefined {
  const tool = runtimeOf(request.policy).agentTool;
  const written = canonicalJson(agentCallInput(request));
  const directiveOf = (input: unknown) => (isRecord(input) ? tool.requestFromCall(input, {}).directive : undefined);
  return open.find((call) => canonicalJson(call.input) === written) ?? open.find((call) => directiveOf(call.input) === request.directive) ?? open[0];
}

/**
 * Whether everything after the call message up to `end` is what Fork Lab delivered to its Agent
 * calls: results of those calls, and the runtime's notifications of its background children.
 */
function onlyDeliveries(messages: readonly TranscriptMessage[], callAt: number, end: number, policy: ForkPolicy): boolean {
  const names = agentToolNamesFor(policy);
  const agentCalls = new Set(toolCallsOf(messages[callAt]!.message).flatMap((call) => (names.has(call.toolName) ? [call.toolCallId] : [])));
  const { delivery } = runtimeOf(policy);
  return messages.slice(callAt + 1, end).every(({ message }) => {
    if (message.role === 'tool') return toolResultIdsOf(message).every((id) => agentCalls.has(id));
    if (message.role !== 'user' || delivery.kind !== 'background-notification') return false;
    return toolResultIdsOf(message).length === 0 && delivery.isNotification(joinedText(message));
  });
}

/**
 * The parent as the fork sees it at launch. A fork always starts from the parent's own Agent call;
 * when the parent has none in flight, Fork Lab writes it — an assistant message calling the
 * profile's agent tool with the request's parameters — exactly where the runtime's model would.
 * Forking at an earlier fork point plans on the parent as it stood, without writing anything.
 *
 * A runtime snapshots its parent while the message holding the call is the last one. What Fork Lab
 * itself delivered there since (a sibling's placeholder or result, a finished sibling's
 * notification) is no part of any sibling's fork, whenever it is launched, so the request's fork
 * point moves back to that message's end. Anything else the parent gained after the call (another
 * tool's result, a person's message) is the runtime's own to keep or repair, and stays.
 */
export function withAgentCall(transcript: ParentTranscript, request: ForkRequest): ForkAtCall {
  const end = transcript.messages.length;
  const earlier = request.forkPoint !== undefined && request.forkPoint < end;
  const at = earlier ? request.forkPoint! : end;
  // A fork point that is not a place in the parent is the engine's to refuse, not a place to look.
  const inFlight = Number.isInteger(at) && at >= 0 ? inFlightCallMessage(transcript.messages, at, agentToolNamesFor(request.policy)) : null;
  if (earlier || inFlight !== null) {
    const own = inFlight === null ? undefined : ownCall(inFlight.open, request);
    const snapshot =
      inFlight === null || inFlight.index + 1 === at || !onlyDeliveries(transcript.messages, inFlight.index, at, request.policy)
        ? request
        : { ...request, forkPoint: inFlight.index + 1 };
    return { transcript, written: null, request: snapshot, agentCall: own === undefined ? null : { toolCallId: own.toolCallId, toolName: own.toolName } };
  }
  const runtime = runtimeOf(request.policy);
  const toolName =
    runtime.memberRequest === undefined
      ? (transcript.profile.tools.find((tool) => AGENT_TOOL_NAMES.has(tool.name))?.name ?? 'agent')
      : liveAgentToolName(request.policy, transcript.profile.tools);
  // Only ids of this form can collide; collecting every id cost 25 ms a plan on a 70,000-message parent.
  const used = new Set<string>();
  for (const { id } of transcript.messages) if (id.startsWith('fork-call-')) used.add(id);
  let number = end + 1;
  while (used.has(`fork-call-${number}`)) number += 1;
  const toolCallId = `fork-lab-call-${number}`;
  const written: TranscriptMessage = {
    id: `fork-call-${number}`,
    message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName, input: agentCallInput(request) }] },
  };
  return { transcript: { ...transcript, messages: [...transcript.messages, written] }, written, request, agentCall: { toolCallId, toolName } };
}
