import { forkRequestFromCall } from '@/lib/agent/agent-tool';
import { type ForkBundle, forkBundle } from '@/lib/export/fork-bundle';
import { type ChildRequest, type ForkPlan, type ForkRequest, planFork, type TranscriptMessage, toolCallsOf } from '@/lib/fork';
import { sourcedMessages } from './captured-sources';
import type { CapturedConversation, ForkFinding } from './fork-check';
import { sameMessage } from './message-shape';

const same = sameMessage;

/**
 * What the child went on to do, as its later requests recorded it: the messages past its first
 * request in the longest captured request that begins with all of it, under the same system instruction.
 */
function laterMessages(child: CapturedConversation, conversations: readonly CapturedConversation[]): TranscriptMessage[] {
  const first = child.transcript.messages;
  let longest: readonly TranscriptMessage[] = first;
  for (const candidate of conversations) {
    const sent = candidate.transcript.messages;
    if (candidate.id <= child.id || sent.length <= longest.length) continue;
    if (candidate.transcript.profile.systemInstruction !== child.transcript.profile.systemInstruction) continue;
    if (first.every((entry, index) => same(entry.message, sent[index]!.message))) longest = sent;
  }
  return longest.slice(first.length).map((entry) => structuredClone(entry));
}

function callIndex(conversation: CapturedConversation, toolCallId: string): number {
  return conversation.transcript.messages.findIndex(
    ({ message }) => message.role === 'assistant' && toolCallsOf(message).some((call) => call.toolCallId === toolCallId),
  );
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
  // The parent is the request that records the call, or the one whose answer made it.
  const parent = [...conversations, ...answered]
    .filter((conversation) => conversation.id === finding.parentId)
    .map((conversation) => ({ conversation, index: callIndex(conversation, finding.toolCallId) }))
    .find(({ index }) => index >= 0);
  if (parent === undefined || child === undefined) return null;
  const { conversation: recorded, index } = parent;
  const call = toolCallsOf(recorded.transcript.messages[index]!.message).find((entry) => entry.toolCallId === finding.toolCallId)!;
  // Each side its own copy: the bundle is handed to the importer, the conversations stay the listing's.
  const parentTranscript = structuredClone({ ...recorded.transcript, messages: recorded.transcript.messages.slice(0, index + 1) });
  const request = forkRequestFromCall(finding.runtime, call.input);
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
    plan: { ...plan, child: received },
    bootstrap: null,
    ownMessages: laterMessages(child, conversations),
    // It ran in the runtime, not here: Fork Lab has only what it sent, so it opens as not run.
    status: 'planned',
    modelId: null,
    finalOutput: null,
  };
}
