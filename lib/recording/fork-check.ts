import { forkRequestFromCall } from '@/lib/agent/agent-tool';
import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import {
  type ChildMessage,
  type ChildRequest,
  FORK_RUNTIMES,
  type ForkPolicy,
  type ModelMessage,
  type ParentTranscript,
  planFork,
  projectFilesRead,
  toolCallsOf,
  versionForRelease,
} from '@/lib/fork';
import { AGENT_TOOL_NAMES } from '@/lib/fork-service/in-flight-call';
import { importTranscript } from '@/lib/import/import-transcript';
import { firstDifference } from '@/lib/provider-cache/miss-explainer';
import { type ForkItem, forkItems, sourcedMessages } from './captured-sources';
import { historyDigests, keysOf, sharedPrefixLength, startsWithAll } from './conversation-keys';
import { inShapeOf, messageKey, text } from './message-shape';
import type { ModelApi } from './model-api';

/** A captured request read back as a conversation: what the runtime sent its model. */
export interface CapturedConversation {
  id: number;
  api: ModelApi;
  transcript: ParentTranscript;
  /** The request's headers as captured: a runtime's user agent says which runtime and release sent it. */
  headers?: Readonly<Record<string, string>>;
}

/** One fork found in the traffic, and whether the child's request is what the runtime's rules say. */
export interface ForkFinding {
  parentId: number;
  childId: number;
  toolCallId: string;
  toolName: string;
  /** Where the call stands in the parent's messages, and whether it was read from the parent's answer. */
  callIndex: number;
  fromAnswer: boolean;
  /**
   * The runtime whose rules the check used. `guessed` when nobody said which: then the first runtime
   * whose Agent tool fits the call and whose rules reproduce the child, else the first that fits.
   */
  runtime: ForkPolicy;
  guessed: boolean;
  /**
   * What a guess rests on: `rules`, the runtime's rules reproduce the child exactly; `boilerplate`,
   * the child carries that runtime's own framing (its directive, notice or acknowledgement) word for
   * word and no other runtime's as much; `agent-tool`, only the Agent tool's name and arguments fit.
   * Null when the runtime was named.
   */
  guessedFrom: 'rules' | 'boilerplate' | 'agent-tool' | null;
  verdict: 'matches' | 'differs' | 'refused';
  /** The first place the child's actual request differs from the plan (message index and JSON path). */
  difference: { at: string; expected: string; actual: string } | null;
  expectedMessages: number;
  actualMessages: number;
  /** The two requests message by message, as the compare view diffs them (none when refused). */
  items: ForkItem[];
  /** Leading messages the child's request repeats of the parent's request as recorded: the prefix a cache could share. */
  sharedPrefixMessages: number;
  /** The runtime's own words when its rules refuse the call. */
  errors?: string[];
  /**
   * The release the parent's request announces (its user agent) and the version of the rules it
   * was checked by; null when the traffic names no release the runtime recognises.
   */
  announced: { release: string; runtimeVersion: string } | null;
  /** The project's files the plan read (Qwen's fork profile), when the check was given the project. */
  projectFiles?: Readonly<Record<string, string>>;
}

/** The runtime and release a request's headers announce (Qwen's and Claude Code's user agent, Codex's). */
export function announcedBy(headers: Readonly<Record<string, string>> | undefined, policy?: ForkPolicy) {
  if (headers === undefined) return null;
  for (const runtime of FORK_RUNTIMES) {
    if (policy !== undefined && runtime.policy !== policy) continue;
    const release = runtime.announcedRelease?.(headers) ?? null;
    if (release !== null) return { policy: runtime.policy, release, runtimeVersion: versionForRelease(runtime.versions, release).id };
  }
  return null;
}

/** Read a captured request body as a conversation, with the importer every export round-trips through. */
export async function readCapture(id: number, api: ModelApi, body: string, headers?: Readonly<Record<string, string>>): Promise<CapturedConversation | null> {
  try {
    return { id, api, transcript: (await importTranscript(body, { format: api })).transcript, ...(headers === undefined ? {} : { headers }) };
  } catch {
    return null;
  }
}

/** Some user message among these carries the task (a runtime frames it, but keeps its words). */
function carriesTask(messages: readonly { message: ModelMessage }[], task: string): boolean {
  return carrierOf(messages, task) !== -1;
}

/** Where among these the first user message that carries the task stands, or -1. */
function carrierOf(messages: readonly { message: ModelMessage }[], task: string): number {
  return messages.findIndex(({ message }) => message.role === 'user' && text(message).includes(task));
}

/**
 * The child's request as the runtime's rules plan it, written and read back in the captured one's
 * provider format, so both sides lose and gain the same. Fork Lab writes no Responses body: a
 * Responses child is compared with the plan as it stands, whose inherited messages the Responses
 * importer read from the parent's request (a round trip through Chat Completions would lose the
 * phases and reasoning a Codex fork keeps), and whose own messages are in the shape it reads.
 */
async function expectedConversation(api: ModelApi, child: ChildRequest): Promise<ModelMessage[]> {
  if (api === 'openai-responses') return [...child.initialMessages, child.firstPrompt].map((entry) => entry.message);
  const anthropic = api === 'anthropic-messages';
  const body = anthropic ? toAnthropicMessagesRequest(child) : toOpenAiChatRequest(child);
  return (await importTranscript(JSON.stringify(body), { format: anthropic ? api : 'openai-chat' })).transcript.messages.map((entry) => entry.message);
}

/**
 * The forks in captured traffic, each checked against the rules. A fork is a request that, past
 * what it shares of an Agent call's history, carries the call's task in a user message; its
 * parent is that history up to and including the call, as first recorded. The check plans the call on
 * that parent under `runtime` (or the runtime guessed from the call) and compares the plan's first
 * request, message by message, with the one the runtime actually sent.
 */
export async function checkForks(conversations: readonly CapturedConversation[], options: CheckOptions = {}): Promise<ForkFinding[]> {
  const { runtime, answered = [], runtimeVersion, projectFiles } = options;
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
    const announced =
      runtime !== undefined && runtimeVersion !== undefined ? { policy: runtime, release: 'named', runtimeVersion } : announcedBy(parent.headers, runtime);
    const candidatesFor = (call: AgentCall) =>
      runtime !== undefined ? [runtime] : announced !== null ? [announced.policy] : fittingRuntimes(call.toolName, call.input);
    const copiedUntil = inheritedUntil(parent.transcript.messages, agentCalls, candidatesFor);
    for (const { index, calls } of agentCalls) {
      for (const call of calls) {
        const key = `${call.toolCallId}\u0000${digests.get(index)}`;
        if (seen.has(key) || index < copiedUntil) continue;
        const judged: Judged[] = [];
        let judgedHere = false;
        for (const policy of candidatesFor(call)) {
          const finding = await judge(inOrder, { conversation: parent, index, fromAnswer }, call, policy, announced, projectFiles);
          if (finding === 'child-copy' || finding === 'no-task') continue;
          judgedHere = true;
          if (finding !== null) judged.push(finding);
        }
        // Judged once, at the parent's first request that holds it: every later request of the
        // session repeats it. A child's copy of the call (which may carry no arguments) does not count.
        if (judgedHere) seen.add(key);
        const chosen = runtime === undefined && announced === null ? bestGuess(judged) : judged[0] === undefined ? undefined : named(judged[0]);
        if (chosen !== undefined) findings.push(chosen);
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
): number {
  let until = -1;
  for (const { index, calls } of agentCalls) {
    for (const call of calls) {
      for (const policy of candidatesFor(call)) {
        const task = forkRequestFromCall(policy, call.input).directive.trim();
        const carrier = task === '' ? -1 : carrierOf(messages.slice(index + 1), task);
        if (carrier !== -1) until = Math.max(until, index + 1 + carrier);
      }
    }
  }
  return until;
}

/** A runtime's verdict on one call, with how much of its own framing the child carried. */
type Judged = Omit<ForkFinding, 'guessed' | 'guessedFrom'> & { boilerplate: number };

function named({ boilerplate: _, ...finding }: Judged): ForkFinding {
  return { ...finding, guessed: false, guessedFrom: null };
}

/**
 * Of the runtimes whose Agent tool fits a call, the one the child most likely came from: the first
 * whose rules reproduce it; else the one whose own framing it carries most (several runtimes
 * share a tool's shape, but each words its directive and notices its own way); else the first that fits.
 */
function bestGuess(judged: readonly Judged[]): ForkFinding | undefined {
  const reproduced = judged.find((finding) => finding.verdict === 'matches');
  if (reproduced !== undefined) return { ...named(reproduced), guessed: true, guessedFrom: 'rules' };
  const framed = judged.reduce<Judged | undefined>((best, finding) => (finding.boilerplate > (best?.boilerplate ?? 0) ? finding : best), undefined);
  if (framed !== undefined) return { ...named(framed), guessed: true, guessedFrom: 'boilerplate' };
  return judged[0] === undefined ? undefined : { ...named(judged[0]), guessed: true, guessedFrom: 'agent-tool' };
}

/**
 * How many of the messages a runtime's rules write themselves (its framing of the task, notices,
 * acknowledgements) the child's request carries word for word. The task's own words are left
 * out: every runtime sends them.
 */
function framingCarried(planned: readonly ChildMessage[], actual: readonly ModelMessage[], task: string): number {
  const sent = new Set(actual.map((message) => `${message.role}\u0000${text(message)}`));
  return planned.filter(({ message, source }) => {
    const words = text(message);
    return source.kind === 'synthetic' && words.trim() !== '' && words.trim() !== task && sent.has(`${message.role}\u0000${words}`);
  }).length;
}

/** Every runtime whose Agent tool has the call's name and declares every argument it sent, in registry order. */
function fittingRuntimes(toolName: string, input: unknown): ForkPolicy[] {
  const keys = input !== null && typeof input === 'object' ? Object.keys(input) : [];
  return FORK_RUNTIMES.filter((candidate) => {
    const declared = candidate.agentTool.declaration;
    const properties = Object.keys((declared.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    return declared.name.toLowerCase() === toolName.toLowerCase() && keys.every((key) => properties.includes(key));
  }).map((candidate) => candidate.policy);
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
  announced: { release: string; runtimeVersion: string } | null,
  projectFiles: CheckOptions['projectFiles'],
): Promise<Judged | 'child-copy' | 'no-task' | null> {
  const { conversation: parent, index } = at;
  const messages = parent.transcript.messages;
  const fromCall = forkRequestFromCall(policy, call.input);
  const announcedRequest = announced === null ? fromCall : { ...fromCall, runtimeVersion: announced.runtimeVersion };
  const reads = projectFiles === undefined ? [] : projectFilesRead(announcedRequest);
  const request = reads.length === 0 ? announcedRequest : { ...announcedRequest, projectFiles: { ...projectFiles!(reads) } };
  const task = request.directive.trim();
  if (task === '') return 'no-task';
  // A request that carries the task after the call is a child that copied the call, not a parent.
  if (carriesTask(messages.slice(index + 1), task)) return 'child-copy';
  const beforeKeys = keysOf(parent).slice(0, index);
  const history = new Set(beforeKeys);
  const parentSystem = parent.transcript.profile.systemInstruction;
  const candidates = inOrder.filter((candidate) => {
    if (candidate.id === parent.id) return false;
    const sent = keysOf(candidate);
    // A fork inherits some of its parent's history (a window of it, at least its last prompt), or
    // its system prompt where the provider format merges the window's first prompt into the startup
    // context (Qwen's Chat Completions requests): a request that repeats none of either is another
    // conversation that happens to use the same words.
    const sameSystem = parentSystem !== '' && candidate.transcript.profile.systemInstruction === parentSystem;
    if (!sameSystem && !sent.some((written) => history.has(written))) return false;
    // What it sends beyond the history it shares must carry the task: the parent's own requests do not.
    return carriesTask(candidate.transcript.messages.slice(sharedPrefixLength(beforeKeys, sent)), task);
  });
  // A child's later requests carry the task too: only its first request is a candidate (one no
  // other candidate is the start of). Of those, the nearest to the parent's: a runtime that runs
  // the same task twice starts a child each time, each beside its own parent.
  const firsts: CapturedConversation[] = [];
  for (const candidate of candidates) if (!firsts.some((first) => startsWithAll(keysOf(candidate), keysOf(first)))) firsts.push(candidate);
  const child = nearest(parent.id, firsts);
  if (child === undefined) return null;
  const plan = planFork({ ...parent.transcript, messages: messages.slice(0, index + 1) }, request);
  const actual = child.transcript.messages.map((message) => message.message);
  const base = {
    parentId: parent.id,
    childId: child.id,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    callIndex: index,
    fromAnswer: at.fromAnswer,
    runtime: policy,
    actualMessages: actual.length,
    sharedPrefixMessages: sharedPrefixLength(beforeKeys, keysOf(child)),
    announced: announced === null ? null : { release: announced.release, runtimeVersion: announced.runtimeVersion },
    ...(request.projectFiles === undefined ? {} : { projectFiles: request.projectFiles }),
  };
  // A regular subagent (the call does not ask for a fork) is no fork to check.
  if (plan.child === null && plan.errors.length === 0) return null;
  if (plan.child === null) {
    return { ...base, verdict: 'refused', difference: null, expectedMessages: 0, items: [], errors: plan.errors.map((error) => error.message), boilerplate: 0 };
  }
  const boilerplate = framingCarried([...plan.child.initialMessages, plan.child.firstPrompt], actual, task);
  const expected = await expectedConversation(child.api, plan.child);
  const system =
    plan.child.systemInstruction === child.transcript.profile.systemInstruction
      ? null
      : { at: 'system', ...whereTextsPart(plan.child.systemInstruction, child.transcript.profile.systemInstruction) };
  // The tools the child is declared, by name (each API writes a schema its own way): a runtime
  // that withholds some from its forks (Qwen's agent) shows here.
  const plannedTools = plan.child.tools.map((tool) => tool.name).join(', ');
  const sentTools = child.transcript.profile.tools.map((tool) => tool.name).join(', ');
  const tools = plannedTools === sentTools ? null : { at: 'tools', expected: plannedTools || '(none)', actual: sentTools || '(none)' };
  const expectedKeys = expected.map(messageKey);
  const actualKeys = keysOf(child);
  const found = system ?? tools ?? messageDifference(expected, actual, expectedKeys, actualKeys);
  const planned = [...plan.child.initialMessages, plan.child.firstPrompt];
  // The plan's messages as the provider format carries them, where writing them out kept one per message.
  const aligned = expected.length === planned.length;
  const left = aligned ? planned.map((entry, at) => ({ ...entry, message: expected[at]! })) : planned;
  const sent = sourcedMessages(child.transcript.messages, messages.slice(0, index + 1), planned, {
    actual: actualKeys,
    parent: keysOf(parent).slice(0, index + 1),
  });
  const items = forkItems(left, sent, { ...(aligned ? { planned: expectedKeys } : {}), sent: actualKeys });
  return { ...base, verdict: found === null ? 'matches' : 'differs', difference: found, expectedMessages: expected.length, items, boilerplate };
}

function nearest(id: number, candidates: readonly CapturedConversation[]): CapturedConversation | undefined {
  return candidates.reduce<CapturedConversation | undefined>(
    (best, candidate) => (best === undefined || Math.abs(candidate.id - id) < Math.abs(best.id - id) ? candidate : best),
    undefined,
  );
}

function messageDifference(
  expected: readonly ModelMessage[],
  actual: readonly ModelMessage[],
  expectedKeys: readonly string[],
  actualKeys: readonly string[],
): ForkFinding['difference'] {
  for (let index = 0; index < Math.max(expected.length, actual.length); index += 1) {
    // Read alike (the same key): no difference there, and no deep comparison needed.
    if (index < expected.length && index < actual.length && expectedKeys[index] === actualKeys[index]) continue;
    const planned = expected[index];
    const difference = firstDifference(planned === undefined ? undefined : inShapeOf(planned, actual[index]), actual[index], `messages[${index}]`);
    if (difference !== null) return { at: difference.path, expected: show(difference.before), actual: show(difference.after) };
  }
  return null;
}

/**
 * Two long texts (a system prompt) where they part: a little of what they share, then each one's
 * own continuation, so the difference is in view instead of a whole prompt twice.
 */
export function whereTextsPart(expected: string, actual: string): { expected: string; actual: string } {
  let at = 0;
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++;
  const from = Math.max(0, at - 60);
  const clip = (text: string) => `${from > 0 ? '…' : ''}${text.slice(from, at + 240)}${text.length > at + 240 ? '…' : ''}`;
  return { expected: clip(expected), actual: clip(actual) };
}

function show(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const written = typeof value === 'string' ? value : JSON.stringify(value);
  return written.length > 300 ? `${written.slice(0, 300)}…` : written;
}
