import { forkRequestFromCall } from '@/lib/agent/agent-tool';
import { type ForkBundle, forkBundle } from '@/lib/export/fork-bundle';
import { type ChildRequest, type ForkPlan, type ForkRequest, planFork, type TranscriptMessage, toolCallsOf } from '@/lib/fork';
import type { CapturedConversation } from './captured-conversation';
import { sourcedMessages } from './captured-sources';
import { keysOf, startsWithAll } from './conversation-keys';
import type { ForkFinding } from './fork-finding';

/**
 * What the child went on to do, as its later requests recorded it: the messages past its first
 * request in the longest captured request that begins with all of it, under the same system instruction.
 */
function laterMessages(child: CapturedConversation, conversations: readonly CapturedConversation[]): TranscriptMessage[] {
  const first = keysOf(child);
  let longest = child;
  for (const candidate of conversations) {
    if (candidate.id <= child.id || candidate.transcript.messages.length <= longest.transcript.messages.length) continue;
    if (candidate.transcript.profile.systemInstruction !== child.transcript.profile.systemInstruction) continue;
    if (startsWithAll(keysOf(candidate), first)) longest = candidate;
  }
  return longest.transcript.messages.slice(first.length).map((entry) => structuredClone(entry));
}

/**
 * A fork found in the traffic as a Fork Lab bundle, so it opens like an import: the parent as
 * recorded up to its Agent call, the call's request under the runtime the check used, the engine's
 * plan for it, and the child the runtime actually started — what it received (each message sourced
 * against the plan) and what it did next. Null when the finding's requests are no longer listed.
 */
export function capturedForkBundle(
  finding: ForkFinding,
  conversations: readonly CapturedConversation[],
  answered: readonly CapturedConversation[] = [],
): ForkBundle | null {
  const child = conversations.find((conversation) => conversation.id === finding.childId);
  // The parent is the request that records the call, or the one whose answer made it, as the check found it.
  const recorded = (finding.fromAnswer ? answered : conversations).find((conversation) => conversation.id === finding.parentId);
  const index = finding.callIndex;
  const at = recorded?.transcript.messages[index]?.message;
  const call = at?.role === 'assistant' ? toolCallsOf(at).find((entry) => entry.toolCallId === finding.toolCallId) : undefined;
  if (recorded === undefined || child === undefined || call === undefined) return null;
  // Each side its own copy: the bundle is handed to the importer, the conversations stay the listing's.
  const parentTranscript = structuredClone({ ...recorded.transcript, messages: recorded.transcript.messages.slice(0, index + 1) });
  // Planned by the release the traffic announced, as the check read it.
  const fromCall = forkRequestFromCall(finding.runtime, call.input);
  const request = {
    ...fromCall,
    ...(finding.announced === null ? {} : { runtimeVersion: finding.announced.runtimeVersion }),
    ...(finding.projectFiles === undefined ? {} : { projectFiles: { ...finding.projectFiles } }),
  };
  const plan = planFork(parentTranscript, request);
  const sent = structuredClone(child.transcript.messages);
  const last = sent.at(-1);
  const planned = plan.child;
  const children =
    planned === null || last === undefined || (last.message.role !== 'user' && last.message.role !== 'assistant')
      ? []
      : [capturedChild(finding, request, { ...plan, child: planned }, sent, parentTranscript.messages, child, conversations)];
  return forkBundle({ title: `Captured fork #${finding.parentId} → #${finding.childId}`, parent: parentTranscript, request, plan, children });
}

function capturedChild(
  finding: ForkFinding,
  request: ForkRequest,
  plan: ForkPlan & { child: ChildRequest },
  sent: TranscriptMessage[],
  parentMessages: readonly TranscriptMessage[],
  child: CapturedConversation,
  conversations: readonly CapturedConversation[],
) {
  const messages = sourcedMessages(sent, parentMessages, [...plan.child.initialMessages, plan.child.firstPrompt]);
  const received: ChildRequest = {
    ...plan.child,
    systemInstruction: child.transcript.profile.systemInstruction,
    tools: structuredClone(child.transcript.profile.tools),
    model: child.transcript.profile.model || plan.child.model,
    initialMessages: messages.slice(0, -1),
    firstPrompt: messages.at(-1) as ChildRequest['firstPrompt'],
  };
  return {
    name: `captured #${finding.childId} (${finding.verdict})`,
    request,
    // The plan's cache figures describe the plan's request, not this one: left out rather than wrong.
    plan: { ...plan, child: received, cache: null },
    bootstrap: null,
    ownMessages: laterMessages(child, conversations),
    // It ran in the runtime, not here: Fork Lab has only what it sent, so it opens as not run.
    status: 'planned',
    modelId: null,
    finalOutput: null,
  };
}
