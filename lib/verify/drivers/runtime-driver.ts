import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import type { Turn } from '../scenario-turn';

/**
 * How the verify matrix runs a runtime headless against a recording endpoint: the built-in drivers
 * of the shipped runtimes, and a driver file of a runtime Fork Lab does not know
 * (`fork-lab verify --driver`, docs/verify.md). Each turn is one process: started in the scenario's
 * working folder with `env` (the base URL in it) and `args` (the prompt; `continued` for a turn
 * that resumes the session), and stopped when it exits or the turn's time runs out.
 */
export interface RuntimeDriver {
  /** Files the runtime reads from its own home before it starts (Codex's config.toml). */
  homeFiles(origin: string): Record<string, string>;
  /** The environment that points it at the endpoint, with the offline model and no user settings. */
  env(origin: string, home: string): Record<string, string>;
  /** The command line for one turn: a new session, or the next turn of the last one. */
  args(prompt: string, continued: boolean): string[];
  /**
   * The command line for every turn of a scenario at once, for a runtime that keeps no session
   * between processes (a library driven by Fork Lab's program, a headless profile with no resume).
   * A program's fork among them only where `programTurns` says the driver runs one.
   */
  allTurns?(turns: readonly Turn[]): string[];
  /** Whether `allTurns` runs a program's fork between turns (the runtime's own API starting one). */
  programTurns?: boolean;
  /**
   * How a fork's result reaches its parent: as the answer to the call that started it (the parent
   * waited), or as a message of its own in a later request (a notification, an agent message).
   */
  resultArrives: 'as-call-result' | 'as-message';
  /**
   * A wrong rule to read a green cell's traffic by, for a runtime with one release line (whose
   * older rules cannot be planted): request fields the check plans with, which must turn it red.
   */
  plantedRule?: { settings: Readonly<Record<string, unknown>>; says: string };
  /**
   * How a person points the runtime at Fork Lab by hand (what `/captures` shows): the variables,
   * any file it reads its provider from, and the command; `origin` is Fork Lab's, with a capture
   * session's prefix when one is named. The model and key are the offline model's: with an
   * upstream configured they are the person's own. Every built-in driver has it; a driver file may leave it out.
   */
  pointing?(origin: string): RuntimePointing;
}

/** A built-in driver: it also says how a person points its runtime at Fork Lab. */
export type ShippedRuntimeDriver = RuntimeDriver & { pointing(origin: string): RuntimePointing };

/** A runtime pointed at a base URL: what a person sets and runs. */
export interface RuntimePointing {
  env: Readonly<Record<string, string>>;
  /** Files by their path under the home folder (`~/.codex/config.toml`), with their text. */
  files?: Readonly<Record<string, string>>;
  /** The command after the variables, with `PROMPT` where the task goes. */
  command: readonly string[];
  /** What else to know, in a sentence. */
  note?: string;
}

/**
 * What a driver file exports (as its default export, or as `driver`): a runtime Fork Lab does not
 * know, and how to drive it — the same interface the built-in drivers implement (`RuntimeDriver`),
 * with the runtime's name, the release under test and the command that starts it.
 */
export interface DriverFile extends Omit<RuntimeDriver, 'pointing' | 'homeFiles'> {
  homeFiles?: RuntimeDriver['homeFiles'];
  name: string;
  version: string;
  /** The executable and any arguments before the driver's own (`['node', '/path/to/cli.mjs']`). */
  command: readonly string[];
  /** The rules it claims (`claude-code`, `qwen-code@0.24`), when the command line does not name them. */
  rules?: string;
  /** The provider whose cache and prices a fork's reuse is read by; the claimed runtime's users' provider when not given. */
  provider?: ProviderId;
}
