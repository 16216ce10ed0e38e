import type { Locator, Page } from '@playwright/test';
import type { ForkPolicy, ParentTranscript } from '@/lib/fork';

export type PolicyId = ForkPolicy;

/** The fields of the fork controls, by the name their `input-<name>` test id carries. */
export type FieldName =
  | 'fork_turns'
  | 'subagent_type'
  | 'name'
  | 'fork'
  | 'resume'
  | 'run_in_background'
  | 'runtime_version'
  | 'model'
  | 'notice'
  | 'maxDepth'
  | 'persona'
  | 'toolFilter'
  | 'task_name'
  | 'agent_type'
  | 'reasoning_effort'
  | 'fork_context'
  | 'lock'
  | 'finalAnswers'
  | 'description'
  | 'gate'
  | 'items'
  | 'resume_agent_ids'
  | 'member'
  | 'directive'
  | 'forkPoint';

/** One timeline row as the page shows it. */
export interface RowState {
  index: number;
  id: string | null;
  kind: string | null;
  turn: string | null;
  status: string | null;
  reason: string | null;
}

/** A row with what it says: badge (and whether it is a button), disposition and message text. */
export interface RowDisplay extends RowState {
  badge: string | null;
  badgeTag: string | null;
  disposition: string | null;
  text: string | null;
}

/** One preview message as the page shows it. */
export interface PreviewMessageState {
  source: string | null;
  rule: string | null;
  parentIndex: string | null;
  change: string | null;
  text: string;
}

/** The persisted workspace (zustand's `state`), as far as these tests read it. */
export interface StoredWorkspace {
  activeSessionId: string | null;
  openChildId: string | null;
  sessions: Record<string, { id: string; revision: number; transcript: ParentTranscript; children: { id: string; name: string }[] }>;
}

/** Everything a link must reproduce: the controls and what they plan. */
export interface ViewState {
  scenario: string;
  title: string;
  policy: string;
  fields: Record<string, string>;
  summary: string;
  boundaryRow: string | null;
  boundaryText: string | null;
  forkPointRow: string | null;
  rows: RowState[];
  previewKind: 'child-request' | 'plan-errors' | 'plan-fresh' | 'none';
  previewMessages: PreviewMessageState[];
  firstPrompt: string | null;
  launchEnabled: boolean;
}

/**
 * What the view-state reader needs of the playground's page object: its locators and readers, and
 * no more, so the reader does not import the page object that calls it.
 */
export interface PlaygroundReadings {
  readonly page: Page;
  readonly scenarioSelect: Locator;
  readonly scenarioTitle: Locator;
  readonly policySelect: Locator;
  readonly windowBoundary: Locator;
  readonly forkPointMarker: Locator;
  readonly summary: Locator;
  readonly launchButton: Locator;
  readonly childRequest: Locator;
  readonly planErrors: Locator;
  readonly planFresh: Locator;
  readonly firstPrompt: Locator;
  field(name: FieldName): Locator;
  boundaryRow(): Locator;
  renderedRows(): Promise<RowState[]>;
  renderedPreviewMessages(): Promise<PreviewMessageState[]>;
  waitForPlan(timeout?: number): Promise<void>;
}
