import type { ForkBootstrapRecord, ForkPlan, MessageClassification, TranscriptMessage } from '@/lib/fork';
import type { PredictedCache } from '@/lib/fork-exchange/run-record';
import type { WindowSummary } from '@/lib/fork-exchange/window-summary';
import type { ForkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import type { ChildTokenReport } from '@/lib/tokens/child-token-report';
import type { CompactForkPlan } from './compact-plan';

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

/** What the family forecast answers: the forecast, and which forks it left out and why. */
export type FamilyCachePreview =
  | { status: 'ok'; cache: ForkCacheReport | null; members: { atSeconds: number; skipped?: string }[] }
  | { status: 'unknown-parent' };

/** What a provider's own tokenizer counts for the child's first request, beside Fork Lab's o200k count. */
export type ProviderTokenCount =
  | { status: 'ok'; provider: 'anthropic'; model: string; providerTokens: number; o200kTokens: number }
  | { status: 'no-child'; message: string }
  | { status: 'unknown-parent' };
