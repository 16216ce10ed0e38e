import type { ForkBootstrapRecord, ForkPolicy, ModelMessage } from '@/lib/fork';
import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import type { ReportedUsage } from '@/lib/wire/reported-usage';

/*
 * A child run as the browser and the server both see it. Types only: the browser imports them, and
 * the modules that keep runs (SQLite, the run manager) must not follow them into its bundle.
 */

export type RunStatus = 'running' | 'finished' | 'failed' | 'stopped' | 'interrupted';

/**
 * How a family member's run reads in its family's result: a child the person stopped is one the
 * user interrupted; one cut off by a restart failed.
 */
export const FAMILY_OUTCOME_OF_RUN = { finished: 'completed', failed: 'failed', stopped: 'aborted', interrupted: 'failed' } as const;

/** What Fork Lab predicted the run's first request would read from, write to and leave out of its provider's cache. */
export interface PredictedCache {
  provider: ProviderId;
  /** The model whose rule and prices the prediction used (the run's own when the rules list it). */
  model: string;
  cachedTokens: number;
  writtenTokens: number;
  uncachedTokens: number;
}

/** A child run as the journal knows it. */
export interface RunRecord {
  id: string;
  sessionId: string;
  name: string;
  policy: ForkPolicy;
  modelId: string;
  status: RunStatus;
  /** The child's plan as it started; null only for a run whose record was lost. */
  bootstrap: ForkBootstrapRecord | null;
  finalOutput: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  /** Null for a model no cache rule covers (the offline model, an unknown compatible endpoint). */
  predictedCache: PredictedCache | null;
  /** The usage the provider reported for the run's first request, once it has answered. */
  reportedUsage: ReportedUsage | null;
}

/**
 * A run as its watchers see it: everything but the child's inherited history, which the launching
 * page holds already and which, for an `all` fork of a 10,000-message parent, is 6 MB a watcher
 * would download, and the page decode in one task, for nothing.
 */
export type RunSummary = Omit<RunRecord, 'bootstrap'>;

/** What a watcher of a run sees, in order. */
export type RunEvent =
  | {
      type: 'snapshot';
      run: RunSummary;
      messages: ModelMessage[];
      /** Text of the message being written right now, so a watcher joining mid-sentence sees all of it. */
      partialText: string;
    }
  | { type: 'message'; seq: number; message: ModelMessage }
  | { type: 'text-delta'; text: string }
  | { type: 'usage'; usage: ReportedUsage }
  | {
      type: 'status';
      status: RunStatus;
      finalOutput: string | null;
      error: string | null;
      /** How long the run took, once it has ended: what a runtime that says so (Kimi's wall time) tells the parent. */
      seconds?: number;
    };
