import type { ForkCacheReuse } from '@/lib/recording/fork-cache-reuse';

/*
 * The runtime matrix as `fork-lab verify` writes it and the app, the API and the report read it
 * back: types only, so reading a matrix never loads what runs one.
 */

/** A verify run: every runtime × scenario cell, and the runtimes it could only list. */
export interface RuntimeMatrix {
  kind: 'fork-lab/runtime-matrix';
  version: 1;
  startedAt: string;
  seconds: number;
  /** `driver`: a runtime Fork Lab does not know, driven by a driver file and checked by the rules it claims. */
  runtimes: { name: string; version: string; origin: 'installed' | 'cached' | 'given' | 'driver'; rules?: string }[];
  scenarios: { id: string; title: string }[];
  cells: MatrixCell[];
  /** Green cells read again by older rules, which must turn them red. */
  planted: PlantedRuleResult[];
  /** Runtimes Fork Lab models that nothing published runs here, each with why. */
  cannotRun: readonly UnrunnableRuntime[];
}

export interface MatrixCell {
  runtime: string;
  version: string;
  scenario: string;
  outcome: CellOutcome;
  green: boolean;
  /** A difference the scenario lists as known and not yet settled: reported, not gating. */
  known?: string;
  /** One line for people: the first difference, or what was seen. */
  summary: string;
  forks: CheckedFork[];
  requests: number;
  seconds: number;
  /** The scenario's folder: the runtime's log, its captures (`captures.sqlite`), and each fork's bundle. */
  folder: string;
  /** What the traffic was read with beyond the runtime's own rules, to read it again the same way. */
  check?: CellCheck;
}

export type CellOutcome = 'matches' | 'differs' | 'refused' | 'no-fork-seen' | 'wrong-fork-count' | 'not-delivered' | 'not-a-fork' | 'runtime-failed';

/** A fork the check found, as the matrix reports it. */
export interface CheckedFork {
  parentId: number;
  childId: number;
  toolCallId: string;
  toolName: string;
  runtime: string;
  announced: { release: string; runtimeVersion: string } | null;
  verdict: 'matches' | 'differs' | 'refused';
  difference: { at: string; expected: string; actual: string } | null;
  errors?: string[];
  /** What a fork the rules agree with reused of its parent's cache, read off the two requests as sent. */
  cache?: ForkCacheReuse | null;
}

/** How a cell's traffic is read: the settings the runtime was configured with, and the tasks of the forks its program started. */
export interface CellCheck {
  /** The rules a driven runtime claims, read by name rather than by what its traffic announces. */
  runtime?: string;
  version?: string;
  settings?: Readonly<Record<string, unknown>>;
  started: readonly string[];
}

export interface PlantedRuleResult {
  cell: string;
  /** The rules it was read by: the runtime's oldest version, or its driver's planted rule. */
  runtimeVersion: string;
  /** The check told the difference: the cell went red. */
  caught: boolean;
  summary: string;
}

/** A runtime the matrix lists without cells, and why it cannot run here. */
export interface UnrunnableRuntime {
  name: string;
  label: string;
  reason: string;
}
