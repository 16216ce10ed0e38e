import { forkRequestFromCall } from '@/lib/agent/agent-tool';
import { AGENT_TOOL_NAMES } from '@/lib/agent-call/in-flight-call';
import {
  type ForkPolicy,
  type ForkRequest,
  forkRequestSchema,
  type ModelMessage,
  type ParentTranscript,
  planFork,
  projectFilesRead,
  runtimeOf,
  toolCallsOf,
} from '@/lib/fork';
import type { CapturedConversation } from './captured-conversation';
import { historyDigests, keysOf, sharedPrefixLength, startsWithAll } from './conversation-keys';
import { endedSiblings } from './ended-siblings';
import type { ForkFinding } from './fork-finding';
import { text } from './message-shape';
import { compared } from './planned-against-sent';
import { type Announcement, announcedBy, bestGuess, fittingRuntimes, type Judged, named } from './runtime-of-call';

/** Some user message among these carries the task (a runtime frames it, but keeps its words). */
function carriesTask(messages: readonly { message: ModelMessage }[], task: string): boolean {
  return carrierOf(messages, task) !== -1;
}

/** Where among these the first user message that carries the task stands, or -1. */
export function carrierOf(messages: readonly { message: ModelMessage }[], task: string): number {
  return messages.findIndex(({ message }) => message.role === 'user' && text(message).includes(task));
}

/**
 * The forks in captured traffic, each checked against the rules. A fork is a request that, past
 * what it shares of an Agent call's history, carries the call's task in a user message; its
 * parent is that history up to and including the call, as first recorded. The check plans the call on
 * that parent under `runtime` (or the runtime guessed from the call) and compares the plan's first
 * request, message by message, with the one the runtime actually sent.
 */
export async function checkForks(conversations: readonly CapturedConversation[], options: CheckOptions = {}): Promise<ForkFinding[]> {
  const { runtime, answered = [], runtimeVersion, projectFiles, settings } = options;
  const findings: ForkFinding[] = [];
  const seen = new Set<string>();
  const inOrder = [...conversations].sort((a, b) => a.id - b.id);
  // A call is judged where the runtime's own next request records it; only a call no request
  // records yet (its parent still waits on the child) is judged as the model answered it.
  const parents = [...inOrder, ...[...answered].sort((a, b) => a.id - b.id)];
  for (const parent of parents) {
    // Between conversations the event loop runs: a long listing never holds other requests back for long.
    await new Promise((resolve) => setImmediate(resolve));
    const fromAnswer = !inOrder.includes(parent);
    const agentCalls = parent.transcript.messages.flatMap(({ message }, index) => {
      const calls = message.role === 'assistant' ? toolCallsOf(message).filter((candidate) => AGENT_TOOL_NAMES.has(candidate.toolName)) : [];
      return calls.length === 0 ? [] : [{ index, calls }];
    });
    // A call id is unique only within its conversation (Kimi numbers calls `functions.Agent:0`; the
    // offline model derives them from lengths): a call is known by its id and the history before it.
    const digests = historyDigests(
      keysOf(parent),
      agentCalls.map(({ index }) => index),
    );
    // Named, the runtime is the one checked; announced by the traffic (a user agent that names
    // the runtime and its release), that one at that release; guessed, every runtime whose Agent
    // tool fits the call is tried, and the first whose rules reproduce the child wins (else the first that fits).
    // A version named with the runtime overrides what the traffic announces (to read it by older rules).
    const announcedFor = (call: AgentCall): Announcement | null =>
      runtime !== undefined && runtimeVersion !== undefined
        ? { policy: runtime, release: 'named', runtimeVersion }
        : announcedBy(parent.headers, runtime, call.toolName);
    const candidatesFor = (call: AgentCall) => {
      const announced = announcedFor(call);
      return runtime !== undefined ? [runtime] : announced !== null ? [announced.policy] : fittingRuntimes(call.toolName, call.input);
    };
    const tasksFor = (index: number, call: AgentCall, policy: ForkPolicy) =>
      callTasks(parent.transcript, index, call, policy, announcedFor(call), projectFiles, settings);
    const copiedUntil = inheritedUntil(parent.transcript.messages, agentCalls, candidatesFor, tasksFor);
    for (const { index, calls } of agentCalls) {
      for (const call of calls) {
        const key = `${call.toolCallId}\u0000${digests.get(index)}`;
        if (seen.has(key) || index < copiedUntil) continue;
        const announced = announcedFor(call);
        // A call that starts a family (Kimi's AgentSwarm) has a child per member, each with its own task.
        const members: Judged[][] = [];
        let judgedHere = false;
        for (const policy of candidatesFor(call)) {
          for (const [position, task] of tasksFor(index, call, policy).entries()) {
            const finding = await judge(inOrder, { conversation: parent, index, fromAnswer }, call, policy, announced, task);
            if (finding === 'child-copy' || finding === 'no-task') continue;
            judgedHere = true;
            if (finding === null) continue;
            members[position] = [...(members[position] ?? []), finding];
          }
        }
        // Judged once, at the parent's first request that holds it: every later request of the
        // session repeats it. A child's copy of the call (which may carry no arguments) does not count.
        if (judgedHere) seen.add(key);
        for (const judged of members) {
          if (judged === undefined) continue;
          const chosen = runtime === undefined && announced === null ? bestGuess(judged) : judged[0] === undefined ? undefined : named(judged[0]);
          if (chosen !== undefined) findings.push(chosen);
        }
      }
    }
  }
  return findings;
}

type AgentCall = ReturnType<typeof toolCallsOf>[number];

export interface CheckOptions {
  /** Check every fork by this runtime's rules instead of the one announced or guessed. */
  runtime?: ForkPolicy;
  /** Requests whose answer made an Agent call, read as the runtime would continue them. */
  answered?: readonly CapturedConversation[];
  /** With `runtime`: this version of its rules, over the release the traffic announces. */
  runtimeVersion?: string;
  /**
   * The files of the project the runtime ran in, by path from its root (the text of each that
   * exists): a call whose rules read project files (Qwen's fork profiles) is planned with them.
   */
  projectFiles?: (paths: readonly string[]) => Readonly<Record<string, string>>;
  /**
   * How the runtime was configured where its traffic does not say, as request fields every call
   * is planned with (`params` merged into the call's own): a program's subagents, a tool's settings.
   */
  settings?: Readonly<Record<string, unknown>> & { params?: Readonly<Record<string, unknown>> };
}

/**
 * Where the history a request inherited as a child ends: past the furthest user message that
 * carries the task of an Agent call before it. Every call in there is the child's copy, not a call
 * of its own (a Codex 0.169 child inherits its siblings' calls, and a sibling's may come first);
 * -1 when the request is no child.
 */
function inheritedUntil(
  messages: readonly { message: ModelMessage }[],
  agentCalls: readonly { index: number; calls: readonly AgentCall[] }[],
  candidatesFor: (call: AgentCall) => readonly ForkPolicy[],
  tasksFor: (index: number, call: AgentCall, policy: ForkPolicy) => readonly CallTask[],
): number {
  let until = -1;
  for (const { index, calls } of agentCalls) {
    for (const call of calls) {
      for (const policy of candidatesFor(call)) {
        for (const { task } of tasksFor(index, call, policy)) {
          const carrier = task === '' ? -1 : carrierOf(messages.slice(index + 1), task);
          if (carrier !== -1) until = Math.max(until, index + 1 + carrier);
        }
      }
    }
  }
  return until;
}

/** Settings a runtime's request cannot hold (another runtime's, or a value it refuses): a checked call can be planned by none of them. */
export class CheckSettingsError extends Error {
  constructor(
    readonly policy: ForkPolicy,
    message: string,
  ) {
    super(`settings for ${policy}: ${message}`);
    this.name = 'CheckSettingsError';
  }
}

/** A call's request with the settings the runtime was configured with, checked against the runtime's own request. */
export function withSettings(called: ForkRequest, settings: NonNullable<CheckOptions['settings']>): ForkRequest {
  const merged = { ...called, ...settings, params: { ...called.params, ...settings.params } };
  const parsed = forkRequestSchema.safeParse(merged);
  if (!parsed.success) throw new CheckSettingsError(called.policy, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}

/** One child a call asks for: the request that plans it, and the task its first request carries. */
interface CallTask {
  request: ForkRequest;
  task: string;
  /** The member of a family the child is, by its index (Kimi's item number). */
  member?: number;
}

/**
 * The children a call asks for under one runtime's rules, at the release the traffic announces
 * and with the project files the rules read: one for an Agent call, one per member for a call that
 * starts a family, each with the task its child is found by (a swarm's template, filled with an item).
 */
function callTasks(
  parent: ParentTranscript,
  index: number,
  call: AgentCall,
  policy: ForkPolicy,
  announced: Announcement | null,
  projectFiles: CheckOptions['projectFiles'],
  settings: CheckOptions['settings'],
): CallTask[] {
  const called = forkRequestFromCall(policy, call.input);
  const fromCall = settings === undefined ? called : withSettings(called, settings);
  const announcedRequest = announced === null ? fromCall : { ...fromCall, runtimeVersion: announced.runtimeVersion };
  const reads = projectFiles === undefined ? [] : projectFilesRead(announcedRequest);
  const request = reads.length === 0 ? announcedRequest : { ...announcedRequest, projectFiles: { ...projectFiles!(reads) } };
  const runtime = runtimeOf(policy);
  if (runtime.memberRequest === undefined) return [{ request, task: request.directive.trim() }];
  const members = planFork({ ...parent, messages: parent.messages.slice(0, index + 1) }, request).family?.members ?? [];
  return members.map((member) => ({ request: runtime.memberRequest!(request, member.index) as ForkRequest, task: member.task.trim(), member: member.index }));
}

/**
 * The call's child in the traffic, judged by one runtime's rules; null when that runtime finds no
 * child for it (or reads the call as no fork), `child-copy` when this request is itself a child,
 * `no-task` when the call carries no task to find a child by (a child's copy with its arguments redacted).
 */
async function judge(
  inOrder: readonly CapturedConversation[],
  at: { conversation: CapturedConversation; index: number; fromAnswer: boolean },
  call: AgentCall,
  policy: ForkPolicy,
  announced: Announcement | null,
  { request, task, member }: CallTask,
): Promise<Judged | 'child-copy' | 'no-task' | null> {
  const { conversation: parent, index } = at;
  const messages = parent.transcript.messages;
  if (task === '') return 'no-task';
  // A request that carries the task after the call is a child that copied the call, not a parent.
  if (carriesTask(messages.slice(index + 1), task)) return 'child-copy';
  const beforeKeys = keysOf(parent).slice(0, index);
  const history = new Set(beforeKeys);
  const parentSystem = parent.transcript.profile.systemInstruction;
  const madeBy = callMadeBy(inOrder, at, beforeKeys);
  const candidates = inOrder.filter((candidate) => {
    // A child is started once the call is made: a request before the one whose answer made it
    // that carries the task only quotes it (a prompt asking for a fork that forks again).
    if (candidate.id === parent.id || candidate.id <= madeBy) return false;
    const sent = keysOf(candidate);
    // A fork inherits some of its parent's history (a window of it, at least its last prompt), or
    // its system prompt where the provider format merges the window's first prompt into the startup
    // context (Qwen's Chat Completions requests): a request that repeats none of either is another
    // conversation that happens to use the same words.
    const sameSystem = parentSystem !== '' && candidate.transcript.profile.systemInstruction === parentSystem;
    if (!sameSystem && !sent.some((written) => history.has(written))) return false;
    // What it sends beyond the history it shares must carry the task: the parent's own requests do not.
    const shared = sharedPrefixLength(beforeKeys, sent);
    const carrier = carrierOf(candidate.transcript.messages.slice(shared), task);
    if (carrier === -1) return false;
    // A history that already held that message before the call was made quotes the task (the
    // prompt that asked for a fork that forks again, in its parent's next request): no child.
    const upToCarrier = sent.slice(0, shared + carrier + 1);
    return !inOrder.some((earlier) => earlier.id <= madeBy && startsWithAll(keysOf(earlier), upToCarrier));
  });
  // A child's later requests carry the task too: only its first request is a candidate (one no
  // other candidate is the start of). Of those, the nearest to the parent's: a runtime that runs
  // the same task twice starts a child each time, each beside its own parent.
  const firsts: CapturedConversation[] = [];
  for (const candidate of candidates) if (!firsts.some((first) => startsWithAll(keysOf(candidate), keysOf(first)))) firsts.push(candidate);
  const child = nearest(parent.id, firsts);
  if (child === undefined) return null;
  const actual = child.transcript.messages.map((message) => message.message);
  const base = {
    parentId: parent.id,
    childId: child.id,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    ...(member === undefined ? {} : { member }),
    callIndex: index,
    fromAnswer: at.fromAnswer,
    runtime: policy,
    actualMessages: actual.length,
    sharedPrefixMessages: sharedPrefixLength(beforeKeys, keysOf(child)),
    announced: announced === null ? null : { release: announced.release, runtimeVersion: announced.runtimeVersion },
    ...(request.projectFiles === undefined ? {} : { projectFiles: request.projectFiles }),
  };
  const throughCall = messages.slice(0, index + 1);
  const plan = planFork({ ...parent.transcript, messages: throughCall }, request);
  // A regular subagent (the call does not ask for a fork) is no fork to check.
  if (plan.child === null && plan.errors.length === 0) return null;
  if (plan.child === null) {
    return { ...base, verdict: 'refused', difference: null, expectedMessages: 0, items: [], errors: plan.errors.map((error) => error.message), boilerplate: 0 };
  }
  const asPlanned = await compared(plan.child, throughCall, { parent, index, child, actual, task });
  if (asPlanned.verdict === 'matches') return { ...base, ...asPlanned };
  // Snapshotted a moment later, once a sibling of the same message had ended: the parent as it stood then.
  const ended = endedSiblings(inOrder, parent, index, call.toolCallId, child);
  if (ended.length === 0) return { ...base, ...asPlanned };
  const later = [...throughCall, ...ended];
  const laterPlan = planFork({ ...parent.transcript, messages: later }, request);
  const asLater = laterPlan.child === null ? null : await compared(laterPlan.child, later, { parent, index, child, actual, task });
  return { ...base, ...(asLater?.verdict === 'matches' ? asLater : asPlanned) };
}

/**
 * The request whose answer made the call: the parent's own when read from its answer, else the
 * latest request before it that holds exactly the history before the call; -1 when the traffic has none.
 */
function callMadeBy(
  inOrder: readonly CapturedConversation[],
  at: { conversation: CapturedConversation; fromAnswer: boolean },
  beforeKeys: readonly string[],
): number {
  if (at.fromAnswer) return at.conversation.id;
  let madeBy = -1;
  for (const candidate of inOrder) {
    if (candidate.id >= at.conversation.id) break;
    const keys = keysOf(candidate);
    if (keys.length === beforeKeys.length && startsWithAll(beforeKeys, keys)) madeBy = candidate.id;
  }
  return madeBy;
}

export function nearest(id: number, candidates: readonly CapturedConversation[]): CapturedConversation | undefined {
  return candidates.reduce<CapturedConversation | undefined>(
    (best, candidate) => (best === undefined || Math.abs(candidate.id - id) < Math.abs(best.id - id) ? candidate : best),
    undefined,
  );
}
