import type { DrivenRuntime } from './runtime-pins';
import type { Turn } from './scenario-turn';

export { type ProgramFork, promptOf, type Turn } from './scenario-turn';

/** What a scenario's cell must show to be green. */
export type Expectation =
  /**
   * The check finds exactly `count` forks in the traffic, and the rules reproduce each child; with
   * `delivered`, each child's result also reached its parent once (the parent's last request).
   */
  | { kind: 'forks'; count: number; delivered?: boolean }
  /**
   * A subagent that is no fork ran (a request carries `task` without the parent's own prompt), and
   * the check reports no fork: not `differs`. With `sibling`, a second one ran beside it, and
   * neither's requests carry the other's task.
   */
  | { kind: 'not-a-fork'; task: string; sibling?: string }
  /**
   * The fork, told to fork again (an Agent call whose prompt is `task`), is refused by the runtime
   * in the words Fork Lab's rules give a fork child.
   */
  | { kind: 'nested-refused'; task: string }
  /** The parent's own Agent call whose prompt is `task` is refused by the runtime in the words Fork Lab's rules give it. */
  | { kind: 'refused'; task: string };

/**
 * One thing users do with a runtime, as the prompts that make the offline model (playing the
 * parent) do it: each prompt is a turn, the later ones continuing the first's session with the
 * runtime's own resume. `{workdir}` stands for the folder the runtime runs in.
 */
export interface Scenario {
  id: string;
  title: string;
  /**
   * The prompts, by shipped runtime (the registry's \`shippedAs\`): each runtime's words for what its
   * Agent tool takes. A runtime Fork Lab drives has a pin; one with rules in Fork Lab but no npm
   * release (driven by a driver file) has its turns here all the same.
   */
  turns: Readonly<Partial<Record<string, readonly Turn[]>>>;
  expect: Expectation;
  /** Files the runtime finds in its working folder, besides `notes.txt`. */
  files?: Readonly<Record<string, string>>;
  /**
   * Cells known to be red, with the difference and why it is not settled yet: reported as known,
   * not gating. A known cell that turns green says so, so the note is taken out.
   */
  known?: Partial<Record<DrivenRuntime, string>>;
  /** What a runtime needs set for this scenario beyond its driver's defaults (a config file, a setting). */
  setup?: Partial<Record<DrivenRuntime, ScenarioSetup>>;
}

/** A scenario's own settings for one runtime. */
export interface ScenarioSetup {
  /** Files in the runtime's home, over its driver's (given the endpoint's origin). */
  homeFiles?(origin: string): Record<string, string>;
  env?: Record<string, string>;
  /** Variables of the driver's the scenario leaves out (a model taken from a config file instead). */
  withoutEnv?: readonly string[];
  /**
   * How the runtime was configured where its traffic does not say (a program's subagents, a fork
   * tool's settings): the fork check plans each call with these request fields too.
   */
  check?: { settings: Readonly<Record<string, unknown>> };
}

/** The working folder every scenario starts with: one fact a child can only know by inheriting it, or by reading the file. */
export const NOTES_FILE = { 'notes.txt': 'The release train leaves on Thursday.\n' };

/** What a scenario sets for one shipped runtime, and the difference it knows of there, by the runtime's name. */
export function scenarioFor(scenario: Scenario, runtime: string): { setup?: ScenarioSetup; known?: string } {
  const setup = entryOf(scenario.setup, runtime);
  const known = entryOf(scenario.known, runtime);
  return { ...(setup === undefined ? {} : { setup }), ...(known === undefined ? {} : { known }) };
}

/** A driven runtime's entry by name: a name that is none has none (the record's keys are its own, never inherited). */
function entryOf<T>(record: Partial<Record<DrivenRuntime, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name as DrivenRuntime] : undefined;
}
