import { type ForkPolicy, type ForkRequest, type ParentTranscript, runtimeOf, type ToolDeclaration, type TranscriptMessage } from '@/lib/fork';
import { AGENT_TOOL_NAMES, agentToolNamesFor, inFlightAgentCall } from './in-flight-call';

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

/**
 * The parent as the fork sees it at launch. A fork always starts from the parent's own Agent call;
 * when the parent has none in flight, Fork Lab writes it — an assistant message calling the
 * profile's agent tool with the request's parameters — exactly where the runtime's model would.
 * Forking at an earlier fork point plans on the parent as it stood, without writing anything.
 */
export function withAgentCall(transcript: ParentTranscript, request: ForkRequest): { transcript: ParentTranscript; written: TranscriptMessage | null } {
  const end = transcript.messages.length;
  if ((request.forkPoint !== undefined && request.forkPoint < end) || inFlightAgentCall(transcript.messages, end, agentToolNamesFor(request.policy)) !== null) {
    return { transcript, written: null };
  }
  const runtime = runtimeOf(request.policy);
  const toolName =
    runtime.memberRequest === undefined
      ? (transcript.profile.tools.find((tool) => AGENT_TOOL_NAMES.has(tool.name))?.name ?? 'agent')
      : liveAgentToolName(request.policy, transcript.profile.tools);
  const used = new Set(transcript.messages.map((entry) => entry.id));
  let number = end + 1;
  while (used.has(`fork-call-${number}`)) number += 1;
  const written: TranscriptMessage = {
    id: `fork-call-${number}`,
    message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: `fork-lab-call-${number}`, toolName, input: agentCallInput(request) }] },
  };
  return { transcript: { ...transcript, messages: [...transcript.messages, written] }, written };
}
