import type { ForkPolicy } from '@/lib/fork';
import type { ForkItem } from './captured-sources';

/** One fork found in the traffic, and whether the child's request is what the runtime's rules say. */
export interface ForkFinding {
  parentId: number;
  childId: number;
  /** The Agent call that asked for the fork; empty for a fork a program started (`startedBy`). */
  toolCallId: string;
  toolName: string;
  /** Which member of the call's family the child is (Kimi's AgentSwarm item number); absent for a call that starts one child. */
  member?: number;
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
  /**
   * `program`: no call in the traffic asked for it; the runtime's program started it between turns
   * (DeepSeek Harness's `ctx.subagents.start`), found by the task the check was given.
   */
  startedBy?: 'program';
  /** The project's files the plan read (Qwen's fork profile), when the check was given the project. */
  projectFiles?: Readonly<Record<string, string>>;
}
