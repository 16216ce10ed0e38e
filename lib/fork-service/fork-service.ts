import 'server-only';
import {
  buildBootstrapRecord,
  classifyMessages,
  type ForkBootstrapRecord,
  type ForkPlan,
  type ForkRequest,
  type MessageClassification,
  type ParentTranscript,
  planFork,
  type TranscriptMessage,
} from '@/lib/fork';
import { countMessageTokens, countTextTokens, countToolTokens, TOKEN_ENCODING } from '@/lib/tokens/count-tokens';
import { summarizeWindow, type WindowSummary } from '@/lib/view/window-summary';
import { withAgentCall } from './agent-call';
import { type ChildTokenReport, childMessageTokens, childTokenReport, type TokenCounter } from './child-token-report';
import { type CompactForkPlan, compactPlan } from './compact-plan';
import { inFlightAgentCall } from './in-flight-call';
import { parentCache, type RegisteredParent } from './parent-cache';

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
    }
  | { status: 'rejected'; message: string; plan: ForkPlan }
  | { status: 'unknown-parent' };

export async function registerParent(transcript: ParentTranscript): Promise<ParentRegistration> {
  const entry = await parentCache.register(transcript);
  return { parentKey: entry.key, messageTokens: entry.messageTokens, classifications: entry.classifications };
}

/** A counter over the real tokenizer, with the parent's own figures supplied by the caller. */
function tokenCounter(parent: Pick<TokenCounter, 'systemTokens' | 'toolTokens' | 'parentMessage'>): TokenCounter {
  return { encoding: TOKEN_ENCODING, ...parent, text: countTextTokens, tools: countToolTokens, message: countMessageTokens };
}

function counterFor(parent: RegisteredParent, written: TranscriptMessage | null = null): TokenCounter {
  const writtenTokens = written === null ? 0 : countMessageTokens(written.message);
  return tokenCounter({
    systemTokens: parent.systemTokens,
    toolTokens: parent.toolTokens,
    parentMessage: (index) => parent.messageTokens[index] ?? (index === parent.messageTokens.length ? writtenTokens : 0),
  });
}

/** Token counts of a child planned on a parent the server has not registered (one mid-turn). */
export function liveTokenReport(plan: ForkPlan, transcript: ParentTranscript): ChildTokenReport {
  return childTokenReport(
    plan,
    tokenCounter({
      systemTokens: countTextTokens(transcript.profile.systemInstruction),
      toolTokens: countToolTokens(transcript.profile.tools),
      parentMessage: (index) => (transcript.messages[index] === undefined ? 0 : countMessageTokens(transcript.messages[index]!.message)),
    }),
  )!;
}

export function previewFork(parentKey: string, request: ForkRequest): ForkPreview {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const { transcript, written } = withAgentCall(parent.transcript, request);
  const plan = planFork(transcript, request);
  const counter = counterFor(parent, written);
  const forkPoint = request.forkPoint;
  const earlier =
    forkPoint !== undefined && Number.isInteger(forkPoint) && forkPoint >= 0 && forkPoint < parent.transcript.messages.length
      ? classifyMessages(parent.transcript.messages.slice(0, forkPoint))
      : undefined;
  const fullClassification = written === null ? null : classifyMessages(transcript.messages);
  return {
    status: 'ok',
    plan: compactPlan(plan, (message) => childMessageTokens(message, counter)),
    tokens: childTokenReport(plan, counter),
    summary: summarizeWindow(plan, earlier ?? fullClassification ?? parent.classifications),
    ...(earlier === undefined ? {} : { classificationsAtForkPoint: earlier }),
    ...(written === null
      ? {}
      : {
          writtenCall: written,
          writtenCallTokens: counter.parentMessage(parent.transcript.messages.length),
          writtenCallClassification: fullClassification!.at(-1)!,
        }),
  };
}

/**
 * The plan a launched child keeps: computed again on the server from the registered parent, so
 * what the child stores is exactly what the engine produced, in objects nothing else holds.
 */
export function launchChild(parentKey: string, request: ForkRequest, childId: string): ChildLaunch {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const { transcript, written } = withAgentCall(parent.transcript, request);
  const plan = planFork(transcript, request);
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
  const tokens = childTokenReport(plan, counterFor(parent, written))!;
  // Every child gets a bootstrap record, written before its first model call: it is what a
  // revived child is rebuilt from (Qwen persists one; Fork Lab keeps one for every policy).
  const bootstrap = buildBootstrapRecord(plan, { childId, parentAgentId: parent.transcript.profile.agentId });
  const agentCallId = inFlightAgentCall(transcript.messages, plan.window?.end)?.toolCallId ?? null;
  return { status: 'ok', plan, tokens, bootstrap, agentCallId, writtenCall: written };
}
