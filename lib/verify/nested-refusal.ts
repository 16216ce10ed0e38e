import { forkRequestFromCall } from '@/lib/agent/agent-tool';
import { planFork, runtimeOf, toolCallsOf } from '@/lib/fork';
import { AGENT_TOOL_NAMES } from '@/lib/fork-service/in-flight-call';
import type { Capture } from '@/lib/recording/capture-store';
import { readCapture } from '@/lib/recording/captured-conversation';
import { announcedBy } from '@/lib/recording/runtime-of-call';

/** What a fork child's own Agent call got back, beside what Fork Lab's rules say it gets. */
export interface NestedRefusal {
  /** The runtime's answer to the call, as its next request carries it; null when no request does. */
  sent: string | null;
  /** Fork Lab's answer: the runtime's refusal, as its model reads it; null when the rules let the call through. */
  planned: string | null;
}

function resultText(output: unknown): string {
  const value = (output as { value?: unknown } | null)?.value;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return JSON.stringify(value ?? null);
}

/**
 * A fork asked by its directive to fork again (its Agent call's prompt is `task`): what the runtime
 * answered that call, and what Fork Lab's rules answer a fork child that makes it. Read from the
 * newest request that carries both the call and its answer, by the runtime and release it announces.
 */
export async function nestedRefusal(captures: readonly Capture[], task: string): Promise<NestedRefusal> {
  for (const capture of [...captures].sort((a, b) => b.id - a.id)) {
    if (!capture.requestBody.includes(task)) continue;
    const conversation = await readCapture(capture.id, capture.api, capture.requestBody, capture.requestHeaders);
    if (conversation === null) continue;
    const messages = conversation.transcript.messages;
    for (let index = messages.length - 1; index >= 0; index--) {
      const call = toolCallsOf(messages[index]!.message).find(
        (candidate) => AGENT_TOOL_NAMES.has(candidate.toolName) && (candidate.input as { prompt?: unknown } | null)?.prompt === task,
      );
      if (call === undefined) continue;
      const answer = messages
        .slice(index + 1)
        .flatMap(({ message }) => (message.role === 'tool' ? message.content : []))
        .find((part) => part.type === 'tool-result' && part.toolCallId === call.toolCallId);
      if (answer === undefined || answer.type !== 'tool-result') continue;
      const announced = announcedBy(conversation.headers);
      if (announced === null) return { sent: resultText(answer.output), planned: null };
      const request = { ...forkRequestFromCall(announced.policy, call.input), runtimeVersion: announced.runtimeVersion };
      // The caller is a fork: one level down, and marked so, whatever its history says.
      const caller = { ...conversation.transcript, profile: { ...conversation.transcript.profile, depth: 1, forkChild: true } };
      const plan = planFork({ ...caller, messages: messages.slice(0, index + 1) }, request);
      const refusal = plan.errors[0];
      return { sent: resultText(answer.output), planned: refusal === undefined ? null : runtimeOf(announced.policy).refusal(refusal.message).value };
    }
  }
  return { sent: null, planned: null };
}
