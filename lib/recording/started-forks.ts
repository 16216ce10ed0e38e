import { planFork, type TranscriptMessage, toolCallsOf } from '@/lib/fork';
import type { CapturedConversation } from './captured-conversation';
import { keysOf, sharedPrefixLength } from './conversation-keys';
import { type CheckOptions, carrierOf, withSettings } from './fork-check';
import type { ForkFinding } from './fork-finding';
import { compared } from './planned-against-sent';
import { announcedBy, named } from './runtime-of-call';

/**
 * Forks a runtime's program started between turns, with no Agent call in the traffic to find them
 * by: DeepSeek Harness's `ctx.subagents.start('fork', …)`, which a workflow uses and which is the
 * only way to give a fork an `outputSchema`. Each is named by its task (the check cannot tell a
 * program's prompt from a user's); its child is the first request that carries the task in a user
 * message, and its parent the conversation before it that the child's history repeats the most of,
 * read with its recorded answer where there is one: a program forks once a turn has ended, and the
 * answer that ended it is in no request yet. The fork is planned on that whole conversation, by the
 * runtime the parent's traffic announces (or the one named), with the settings' parameters.
 */
export async function checkStartedForks(
  conversations: readonly CapturedConversation[],
  tasks: readonly string[],
  options: CheckOptions = {},
): Promise<ForkFinding[]> {
  const { runtime, answered = [], runtimeVersion, settings } = options;
  const findings: ForkFinding[] = [];
  const inOrder = [...conversations].sort((a, b) => a.id - b.id);
  for (const task of tasks.map((each) => each.trim()).filter((each) => each !== '')) {
    const child = inOrder.find((candidate) => carrierOf(candidate.transcript.messages, task) !== -1);
    if (child === undefined) continue;
    const parent = parentOf(child, { requests: inOrder, answered }, task);
    if (parent === undefined) continue;
    const announced =
      runtime !== undefined && runtimeVersion !== undefined
        ? { policy: runtime, release: 'named', runtimeVersion }
        : announcedBy(parent.conversation.headers, runtime);
    const policy = runtime ?? announced?.policy;
    // Without a call there is no tool to guess a runtime from: the traffic must announce it, or the caller name it.
    if (policy === undefined) continue;
    const asked = { policy, directive: task, params: {}, ...(announced === null ? {} : { runtimeVersion: announced.runtimeVersion }) };
    const request = settings === undefined ? asked : withSettings(asked, settings);
    const messages = endedTurn(parent.conversation.transcript.messages);
    const index = messages.length - 1;
    const actual = child.transcript.messages.map((entry) => entry.message);
    const base = {
      parentId: parent.conversation.id,
      childId: child.id,
      toolCallId: '',
      toolName: '',
      startedBy: 'program' as const,
      callIndex: index,
      fromAnswer: parent.fromAnswer,
      runtime: policy,
      actualMessages: actual.length,
      sharedPrefixMessages: parent.shared,
      announced: announced === null ? null : { release: announced.release, runtimeVersion: announced.runtimeVersion },
    };
    const plan = planFork({ ...parent.conversation.transcript, messages }, request);
    if (plan.child === null) {
      findings.push(
        named({
          ...base,
          verdict: 'refused',
          difference: null,
          expectedMessages: 0,
          items: [],
          errors: plan.errors.map((error) => error.message),
          boilerplate: 0,
        }),
      );
      continue;
    }
    const judged = await compared(plan.child, messages, { parent: parent.conversation, index, child, actual, task });
    findings.push(named({ ...base, ...judged }));
  }
  return findings;
}

/**
 * The conversation a started child came from: of those before it that do not carry its task, the
 * one the child repeats the most messages of from the start; alike, the one read with its answer
 * (the whole turn), then the latest. A child that kept less than the rules say still finds its
 * parent, and the check says where it falls short.
 */
function parentOf(
  child: CapturedConversation,
  sources: { requests: readonly CapturedConversation[]; answered: readonly CapturedConversation[] },
  task: string,
): { conversation: CapturedConversation; fromAnswer: boolean; shared: number } | undefined {
  const sent = keysOf(child);
  const candidates = [
    ...sources.requests.map((conversation) => ({ conversation, fromAnswer: false })),
    ...sources.answered.map((conversation) => ({ conversation, fromAnswer: true })),
  ];
  let best: { conversation: CapturedConversation; fromAnswer: boolean; shared: number } | undefined;
  for (const { conversation, fromAnswer } of candidates) {
    if (conversation.id >= child.id || carrierOf(conversation.transcript.messages, task) !== -1) continue;
    const keys = keysOf(conversation);
    const shared = sharedPrefixLength(keys, sent);
    if (shared === 0) continue;
    const better =
      best === undefined ||
      shared > best.shared ||
      (shared === best.shared && (fromAnswer > best.fromAnswer || (fromAnswer === best.fromAnswer && conversation.id > best.conversation.id)));
    if (better) best = { conversation, fromAnswer, shared };
  }
  return best;
}

/**
 * The parent as the program forked it: idle, so an answer that calls no tool ended its turn. The
 * transcript records no turn ends, and read alone its last turn would be the one in flight.
 */
function endedTurn(messages: TranscriptMessage[]): TranscriptMessage[] {
  const last = messages.at(-1);
  if (last === undefined || last.message.role !== 'assistant' || toolCallsOf(last.message).length > 0 || last.meta?.turnEnd !== undefined) return messages;
  return [...messages.slice(0, -1), { ...last, meta: { ...last.meta, turnEnd: 'completed' } }];
}
