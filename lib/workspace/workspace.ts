import type { CompareSetup } from '@/lib/compare/compare-setup';
import type { ForkBootstrapRecord, ForkPlan, ForkRequest, ParentTranscript, TranscriptMessage } from '@/lib/fork';
import type { PredictedCache, RunStatus } from '@/lib/fork-exchange/run-record';
import type { AgentUsage } from '@/lib/import/agent-usage';
import type { FidelityReport } from '@/lib/import/fidelity-report';
import type { ProviderId, ProviderRules } from '@/lib/provider-cache/provider-rules';
import type { ScenarioProbe } from '@/lib/scenarios/scenario';
import type { SweepRecord } from '@/lib/sweep/sweep-record';
import type { ChildTokenReport } from '@/lib/tokens/child-token-report';
import type { ReportedUsage } from '@/lib/wire/reported-usage';
import type { ForkSelection } from './fork-selection';

/** Where a parent came from; an import keeps its fidelity report beside it. */
export type SessionSource =
  | {
      kind: 'scenario';
      scenarioId: string;
      /** The facts its parent states, each with the question that asks for it (absent in workspaces saved before). */
      probes?: ScenarioProbe[];
    }
  | { kind: 'blank' }
  | {
      kind: 'import';
      format: string;
      fileName: string | null;
      report: FidelityReport;
      agentUsage?: AgentUsage[];
      /** When it was imported (ISO 8601): the picker lists recent imports newest first. Absent in workspaces saved before. */
      importedAt?: string;
    };

/** A child launched from a parent: the engine's plan for it, and what it has done since. */
export interface ChildRecord {
  id: string;
  name: string;
  createdAt: string;
  request: ForkRequest;
  /** The plan exactly as the engine made it; `plan.child` is what the child received. */
  plan: ForkPlan & { child: NonNullable<ForkPlan['child']> };
  tokens: ChildTokenReport;
  /** Qwen forks persist one, to revive the child later. */
  bootstrap: ForkBootstrapRecord | null;
  /** Messages the child produced itself, after its inherited history. */
  ownMessages: TranscriptMessage[];
  /** The parent's revision and content hash when the child was forked. */
  /**
   * The parent as it was forked: its revision, its content hash, and how many messages it had (not
   * known for children recorded before it was kept), so a parent that only grew since can be told
   * from one whose forked part was edited.
   */
  forkedAt: { revision: number; parentHash: string; messages?: number };
  /** Content hash of the inherited history (initial messages and first prompt) at launch. */
  inheritedHash: string;
  /** The parent's in-flight Agent call this child answers, when the parent had one. */
  agentCallId: string | null;
  /**
   * Children one call started together (Kimi's AgentSwarm) share this id; the parent's call gets
   * one result, once every one of them has ended. `plan.family` says which member each is.
   */
  familyId?: string;
  /** The child's run on the server; null for a child that was planned but never run. */
  run: ChildRun | null;
}

/** Runs that have ended for good: an interrupted one may still be revived. */
export const ENDED_RUN_STATUSES: ReadonlySet<RunStatus> = new Set(['finished', 'failed', 'stopped']);

/** A child's run as the browser last heard of it from the server. */
export interface ChildRun {
  modelId: string;
  status: RunStatus;
  finalOutput: string | null;
  error: string | null;
  /** Whether the parent has received the final output (it receives it once). */
  deliveredToParent: boolean;
  /** The cache forecast for the run's provider at launch (absent in workspaces saved before it was kept). */
  predictedCache?: PredictedCache | null;
  /** What the provider reported for the first request. */
  reportedUsage?: ReportedUsage | null;
  /** How long the run took, as the server measured it, once it has ended. */
  seconds?: number;
}

/** One parent conversation, the fork controls on it, and the children launched from it. */
export interface ParentSession {
  id: string;
  title: string;
  source: SessionSource;
  transcript: ParentTranscript;
  /** Counts the person's edits; 0 is the transcript as loaded. */
  revision: number;
  selection: ForkSelection;
  children: ChildRecord[];
  /** The compare view's variants on this parent, once the person opened it. */
  compare?: CompareSetup;
  /** Sweeps run on this parent, newest first. */
  sweeps?: SweepRecord[];
}

/** Every parent session of this browser and what is open. */
export interface WorkspaceState {
  sessions: Record<string, ParentSession>;
  activeSessionId: string | null;
  /** The child open in the side panel, if any. */
  openChildId: string | null;
  /** The model children run on (an id from the server's configured models). */
  modelId: string;
  /** This workspace's edited provider cache rules and prices; null uses the ones Fork Lab ships. */
  providerRules: ProviderRules | null;
  /** The model each provider's forecast uses, where a person picked one (kept apart from edits, so shipped fixes still apply). */
  providerModels: Partial<Record<ProviderId, string>>;
  /**
   * Sessions whose parent is taking a live turn right now (not persisted). A child's result that
   * arrives meanwhile waits for the turn to end instead of landing between the turn's messages.
   */
  turnsInProgress: Record<string, true>;
}
