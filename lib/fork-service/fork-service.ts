import 'server-only';
import type { PredictedCache } from '@/lib/agent/run-record';
import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import {
  buildBootstrapRecord,
  classifyMessages,
  type ForkBootstrapRecord,
  type ForkPlan,
  type ForkRequest,
  familyRequests,
  type MessageClassification,
  type ParentTranscript,
  planFork,
  type TranscriptMessage,
} from '@/lib/fork';
import { countAnthropicTokens } from '@/lib/provider-cache/anthropic-token-count';
import type { ForkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import { PROVIDER_RULES, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { countMessage, countText, countTools, TOKEN_ENCODING } from '@/lib/tokens/count-tokens';
import { CountingPace } from '@/lib/tokens/counting-pace';
import type { TokenCount } from '@/lib/tokens/token-count';
import { summarizeWindow, type WindowSummary } from '@/lib/view/window-summary';
import { withAgentCall } from './agent-call';
import { type ChildTokenReport, childTokenReport, initialMessageTokens, type TokenCounter } from './child-token-report';
import { type CompactForkPlan, compactPlan } from './compact-plan';
import { cacheRequestsFor, type FamilyMemberCache, familyCacheReport, forkCacheFor } from './fork-cache';
import { parentCache, type RegisteredParent } from './parent-cache';
import { type CacheTarget, predictedCacheOf, rulesShowing } from './predicted-cache';
import { rememberedPreview } from './preview-memo';

/** What the browser learns when it hands the server a parent. */
export interface ParentRegistration {
  parentKey: string;
  messageTokens: number[];
  classifications: MessageClassification[];
}

export type ForkPreview =
  | {
      status: 'ok';
      plan: CompactForkPlan;
      tokens: ChildTokenReport | null;
      /** Each provider's predicted cache reads, writes and cost for the child's first request, and why it misses. */
      cache: ForkCacheReport | null;
      summary: WindowSummary;
      /** The Agent call Fork Lab will write at launch (the plan already includes it), if any. */
      writtenCall?: TranscriptMessage;
      writtenCallTokens?: number;
      writtenCallClassification?: MessageClassification;
      /** Classification of the parent as it stood at an earlier fork point (turn numbers move). */
      classificationsAtForkPoint?: MessageClassification[];
    }
  | { status: 'unknown-parent' };

export type ChildLaunch =
  | {
      status: 'ok';
      plan: ForkPlan;
      tokens: ChildTokenReport;
      bootstrap: ForkBootstrapRecord;
      agentCallId: string | null;
      /** The parent's Agent call Fork Lab wrote for this launch; the browser appends it to the parent. */
      writtenCall: TranscriptMessage | null;
      /** The cache forecast for the provider the child runs on; null when no rule covers its model. */
      predictedCache: PredictedCache | null;
    }
  | { status: 'rejected'; message: string; plan: ForkPlan }
  | { status: 'unknown-parent' };

export async function registerParent(transcript: ParentTranscript): Promise<ParentRegistration> {
  const entry = await parentCache.register(transcript);
  return { parentKey: entry.key, messageTokens: entry.messageTokens, classifications: entry.classifications };
}

const NO_TOKENS: TokenCount = { tokens: 0, estimated: false };

/**
 * A counter over the real tokenizer, with the parent's own figures supplied by the caller. One
 * pace for everything one request counts, so a large child pauses for other requests.
 */
function tokenCounter(parent: Pick<TokenCounter, 'systemTokens' | 'toolTokens' | 'parentTools' | 'parentMessage'>, pace: CountingPace): TokenCounter {
  return {
    encoding: TOKEN_ENCODING,
    ...parent,
    text: (text) => countText(text, pace),
    tools: (tools) => countTools(tools, pace),
    message: (message) => countMessage(message, pace),
  };
}

async function counterFor(parent: RegisteredParent, written: TranscriptMessage | null = null, signal?: AbortSignal): Promise<TokenCounter> {
  const pace = new CountingPace(signal);
  const writtenTokens = written === null ? NO_TOKENS : await countMessage(written.message, pace);
  const registered = (index: number): TokenCount => {
    const tokens = parent.messageTokens[index];
    if (tokens === undefined) return index === parent.messageTokens.length ? writtenTokens : NO_TOKENS;
    return { tokens, estimated: parent.estimatedMessages.has(index) };
  };
  return tokenCounter(
    {
      systemTokens: parent.systemTokens,
      toolTokens: parent.toolTokens,
      parentTools: parent.transcript.profile.tools,
      parentMessage: async (index) => registered(index),
    },
    pace,
  );
}

// One counter per mid-turn parent: every child of a turn's call (a swarm's members too) is counted
// on the same parent, whose messages are then counted once, not once per child and figure.
const liveCounters = new WeakMap<ParentTranscript, Promise<TokenCounter>>();

/** A counter over a parent the server has not registered (one mid-turn): each message counted once, as asked. */
function liveCounter(transcript: ParentTranscript): Promise<TokenCounter> {
  let counter = liveCounters.get(transcript);
  if (counter === undefined) {
    counter = makeLiveCounter(transcript);
    liveCounters.set(transcript, counter);
  }
  return counter;
}

async function makeLiveCounter(transcript: ParentTranscript): Promise<TokenCounter> {
  const pace = new CountingPace();
  const counted = new Map<number, Promise<TokenCount>>();
  const parentMessage = (index: number): Promise<TokenCount> => {
    const message = transcript.messages[index];
    if (message === undefined) return Promise.resolve(NO_TOKENS);
    let count = counted.get(index);
    if (count === undefined) {
      count = countMessage(message.message, pace);
      counted.set(index, count);
    }
    return count;
  };
  return tokenCounter(
    {
      systemTokens: await countText(transcript.profile.systemInstruction, pace),
      toolTokens: await countTools(transcript.profile.tools, pace),
      parentTools: transcript.profile.tools,
      parentMessage,
    },
    pace,
  );
}

/** Token counts of a child planned on a parent the server has not registered (one mid-turn). */
export async function liveTokenReport(plan: ForkPlan, transcript: ParentTranscript): Promise<ChildTokenReport> {
  return (await childTokenReport(plan, await liveCounter(transcript)))!;
}

/** The cache forecast for the provider a child of a mid-turn parent runs on, kept with its run. */
export async function livePredictedCache(
  plan: ForkPlan,
  transcript: ParentTranscript,
  target: CacheTarget | null,
  rules: ProviderRules = PROVIDER_RULES,
): Promise<PredictedCache | null> {
  if (target === null) return null;
  const counter = await liveCounter(transcript);
  const report = await forkCacheFor(plan, transcript, counter, await initialMessageTokens(plan, counter), rulesShowing(rules, target));
  return predictedCacheOf(report, target);
}

/** `signal`: the browser stopped waiting (it asked for another window); the counting stops with it. */
export async function previewFork(parentKey: string, request: ForkRequest, signal?: AbortSignal, rules: ProviderRules = PROVIDER_RULES): Promise<ForkPreview> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  return rememberedPreview(parent, request, rules, () => planPreview(parent, request, signal, rules));
}

async function planPreview(parent: RegisteredParent, request: ForkRequest, signal: AbortSignal | undefined, rules: ProviderRules): Promise<ForkPreview> {
  const { transcript, written, request: atCall } = withAgentCall(parent.transcript, request);
  const plan = planFork(transcript, atCall);
  const counter = await counterFor(parent, written, signal);
  const perMessage = await initialMessageTokens(plan, counter);
  const tokensOf = new Map(plan.child?.initialMessages.map((message, index) => [message, perMessage[index]!.tokens]));
  // Turns count back from where the runtime forks: the call's snapshot when the parent went on past it.
  const forkPoint = atCall.forkPoint;
  const earlier =
    forkPoint !== undefined && Number.isInteger(forkPoint) && forkPoint >= 0 && forkPoint < parent.transcript.messages.length
      ? classifyMessages(parent.transcript.messages.slice(0, forkPoint))
      : undefined;
  const fullClassification = written === null ? null : classifyMessages(transcript.messages);
  return {
    status: 'ok',
    plan: compactPlan(plan, (message) => tokensOf.get(message)!),
    tokens: await childTokenReport(plan, counter, perMessage),
    cache:
      plan.family === undefined
        ? await forkCacheFor(plan, transcript, counter, perMessage, rules)
        : familyCacheReport(await swarmMembersCache(parent, atCall, plan.family, signal), rules),
    summary: summarizeWindow(plan, earlier ?? fullClassification ?? parent.classifications),
    ...(earlier === undefined ? {} : { classificationsAtForkPoint: earlier }),
    ...(written === null
      ? {}
      : {
          writtenCall: written,
          writtenCallTokens: (await counter.parentMessage(parent.transcript.messages.length)).tokens,
          writtenCallClassification: fullClassification!.at(-1)!,
        }),
  };
}

/** Members of one call's family whose cache the preview forecasts: enough to show siblings reading each other. */
export const FAMILY_FORECAST_MEMBERS = 8;

async function swarmMembersCache(
  parent: RegisteredParent,
  request: ForkRequest,
  family: NonNullable<ForkPlan['family']>,
  signal?: AbortSignal,
): Promise<FamilyMemberCache[]> {
  const requests = familyRequests(request, family);
  // The first members, and the one this preview shows wherever it stands.
  const shown = family.members.flatMap((member, index) =>
    index < FAMILY_FORECAST_MEMBERS || member.index === family.member ? [{ member, request: requests[index]! }] : [],
  );
  const planned = await memberCaches(
    parent,
    shown.map(({ member, request: memberRequest }) => ({ request: memberRequest, atSeconds: member.launchAfterMs / 1000 })),
    signal,
  );
  return planned.map((entry, index) => ({
    ...entry,
    label: `#${shown[index]!.member.index}`,
    ...(shown[index]!.member.index === family.member ? { focus: true as const } : {}),
  }));
}

async function memberCaches(
  parent: RegisteredParent,
  members: readonly { request: ForkRequest; atSeconds: number }[],
  signal?: AbortSignal,
): Promise<FamilyMemberCache[]> {
  const planned: FamilyMemberCache[] = [];
  for (const { request, atSeconds } of members) {
    const { transcript, written, request: atCall } = withAgentCall(parent.transcript, request);
    const plan = planFork(transcript, atCall);
    if (plan.errors.length > 0 || plan.child === null) {
      planned.push({ request, atSeconds, requests: null, skipped: plan.errors.length > 0 ? 'the runtime refuses it' : 'not a fork' });
      continue;
    }
    const counter = await counterFor(parent, written, signal);
    planned.push({ request, atSeconds, requests: await cacheRequestsFor(plan, transcript, counter, await initialMessageTokens(plan, counter)) });
  }
  return planned;
}

/** What the family forecast answers: the forecast, and which forks it left out and why. */
export type FamilyCachePreview =
  | { status: 'ok'; cache: ForkCacheReport | null; members: { atSeconds: number; skipped?: string }[] }
  | { status: 'unknown-parent' };

/**
 * Several forks of a registered parent sent one after another, `gapSeconds` apart, through each
 * provider's cache: what each reads of the parent and of the siblings before it, what the family
 * costs, and which would miss because the prefix expired first.
 */
export async function previewFamilyCache(
  parentKey: string,
  requests: readonly ForkRequest[],
  gapSeconds: number,
  rules: ProviderRules = PROVIDER_RULES,
  signal?: AbortSignal,
): Promise<FamilyCachePreview> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const members = await memberCaches(
    parent,
    requests.map((request, index) => ({ request, atSeconds: index * gapSeconds })),
    signal,
  );
  return {
    status: 'ok',
    cache: familyCacheReport(members, rules),
    members: members.map(({ atSeconds, skipped }) => ({ atSeconds, ...(skipped === undefined ? {} : { skipped }) })),
  };
}

/** What a provider's own tokenizer counts for the child's first request, beside Fork Lab's o200k count. */
export type ProviderTokenCount =
  | { status: 'ok'; provider: 'anthropic'; model: string; providerTokens: number; o200kTokens: number }
  | { status: 'no-child'; message: string }
  | { status: 'unknown-parent' };

/**
 * The child's first request counted by Anthropic (`count_tokens`), sent as the Anthropic export
 * writes it under the configured model, so a person sees how far the o200k estimate is off.
 */
export async function countChildWithAnthropic(
  parentKey: string,
  request: ForkRequest,
  account: { apiKey: string; model: string; baseURL?: string },
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<ProviderTokenCount> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const { transcript, written, request: atCall } = withAgentCall(parent.transcript, request);
  const plan = planFork(transcript, atCall);
  if (plan.child === null)
    return { status: 'no-child', message: plan.errors.length > 0 ? 'The runtime refuses this call.' : 'Not a fork: there is no child request to count.' };
  const body = toAnthropicMessagesRequest({ ...plan.child, model: account.model });
  const providerTokens = await countAnthropicTokens(body, {
    apiKey: account.apiKey,
    ...(account.baseURL === undefined ? {} : { baseURL: account.baseURL }),
    ...options,
  });
  const report = await childTokenReport(plan, await counterFor(parent, written, options.signal));
  return { status: 'ok', provider: 'anthropic', model: account.model, providerTokens, o200kTokens: report!.total };
}

/**
 * The plan a launched child keeps: computed again on the server from the registered parent, so
 * what the child stores is exactly what the engine produced: the registered parent's messages,
 * which are frozen and so shared, and its own copy of everything else.
 */
export async function launchChild(
  parentKey: string,
  request: ForkRequest,
  childId: string,
  cacheTarget: CacheTarget | null = null,
  rules: ProviderRules = PROVIDER_RULES,
): Promise<ChildLaunch> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const { transcript, written, request: atCall, agentCall } = withAgentCall(parent.transcript, request);
  const plan = planFork(transcript, atCall);
  if (plan.errors.length > 0) {
    return { status: 'rejected', message: plan.errors.map((error) => `${error.parameter}: ${error.message}`).join(' '), plan };
  }
  if (plan.child === null) {
    return {
      status: 'rejected',
      message: `Not a fork (${plan.freshReason ?? 'no history is inherited'}): Fork Lab launches forks, which inherit the parent's history.`,
      plan,
    };
  }
  const counter = await counterFor(parent, written);
  const perMessage = await initialMessageTokens(plan, counter);
  const tokens = (await childTokenReport(plan, counter, perMessage))!;
  const cache = cacheTarget === null ? null : await forkCacheFor(plan, transcript, counter, perMessage, rulesShowing(rules, cacheTarget));
  // Every child gets a bootstrap record, written before its first model call: it is what a
  // revived child is rebuilt from (Qwen persists one; Fork Lab keeps one for every policy).
  const bootstrap = buildBootstrapRecord(plan, { childId, parentAgentId: parent.transcript.profile.agentId });
  return {
    status: 'ok',
    plan,
    tokens,
    bootstrap,
    agentCallId: agentCall?.toolCallId ?? null,
    writtenCall: written,
    predictedCache: predictedCacheOf(cache, cacheTarget),
  };
}
