import { forkRequestFromCall } from '@/lib/agent/agent-tool';
import { AGENT_TOOL_NAMES } from '@/lib/agent-call/in-flight-call';
import { type ForkPolicy, type ForkRequest, planFork, runtimeOf, toolCallsOf } from '@/lib/fork';
import type { Capture } from '@/lib/recording/capture-store';
import { readCapture } from '@/lib/recording/captured-conversation';
import { announcedBy } from '@/lib/recording/runtime-of-call';

/** What an Agent call got back, beside what Fork Lab's rules say it gets. */
export interface CallRefusal {
  /** The runtime's answer to the call, as its next request carries it (what varies run to run written as Fork Lab writes it); null when no request does. */
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
 * The Agent call whose task is `task`: what the runtime answered it, and what Fork Lab's rules
 * answer it, by the runtime and release the request announces. Read from the newest request that
 * carries both the call and its answer. `byFork`: the caller is a fork (it was told to fork again),
 * one level down and marked so, whatever its history says; `settings`, how the runtime was configured.
 */
export async function callRefusal(
  captures: readonly Capture[],
  task: string,
  {
    byFork,
    settings,
    rules,
  }: { byFork: boolean; settings?: Readonly<Record<string, unknown>> | undefined; rules?: { policy: ForkPolicy; runtimeVersion: string } | undefined },
): Promise<CallRefusal> {
  for (const capture of [...captures].sort((a, b) => b.id - a.id)) {
    if (!capture.requestBody.includes(task)) continue;
    const conversation = await readCapture(capture.id, capture.api, capture.requestBody, capture.requestHeaders);
    if (conversation === null) continue;
    const messages = conversation.transcript.messages;
    for (let index = messages.length - 1; index >= 0; index--) {
      for (const call of toolCallsOf(messages[index]!.message).filter((candidate) => AGENT_TOOL_NAMES.has(candidate.toolName))) {
        // Rules the runtime claims are read whatever its traffic announces.
        const announced = rules ?? announcedBy(conversation.headers, undefined, call.toolName);
        const input = call.input as Record<string, unknown> | null;
        const asked = announced === null ? input?.prompt : forkRequestFromCall(announced.policy, call.input).directive;
        if (asked !== task) continue;
        const answer = messages
          .slice(index + 1)
          .flatMap(({ message }) => (message.role === 'tool' ? message.content : []))
          .find((part) => part.type === 'tool-result' && part.toolCallId === call.toolCallId);
        if (answer === undefined || answer.type !== 'tool-result') continue;
        const sent = resultText(answer.output);
        if (announced === null) return { sent, planned: null };
        const runtime = runtimeOf(announced.policy);
        const called = forkRequestFromCall(announced.policy, call.input);
        const configured =
          settings === undefined ? called : { ...called, ...settings, params: { ...called.params, ...(settings.params as object | undefined) } };
        const request = { ...configured, runtimeVersion: announced.runtimeVersion } as ForkRequest;
        const caller = byFork ? { ...conversation.transcript.profile, depth: 1, forkChild: true } : conversation.transcript.profile;
        const plan = planFork({ profile: caller, messages: messages.slice(0, index + 1) }, request);
        const refusal = plan.errors[0];
        return {
          sent: runtime.steadyAnswer?.(sent) ?? sent,
          planned: refusal === undefined ? null : runtime.refusal(refusal.message, plan.runtimeVersion).value,
        };
      }
    }
  }
  return { sent: null, planned: null };
}
