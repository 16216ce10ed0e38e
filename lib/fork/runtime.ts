import { z } from 'zod';
import { ForkRequestValidationError } from './errors';
import type { FamilyMember, ForkPlan } from './fork-plan';
import { PROJECT_FILE_CHARS, PROJECT_FILES, PROJECT_PATH_CHARS } from './input-limits';
import type { RuntimeControls } from './runtime-controls';
import type { RuntimeVersions } from './runtime-version';
import type { AgentProfile, ParentTranscript, ToolDeclaration } from './transcript/transcript';
import { issuesOf } from './transcript/transcript-schema';

/** The fields every fork request has, whatever the runtime. */
export const forkRequestBase = {
  /** The task for the child. */
  directive: z.string(),
  /** Fork as the parent stood after this many messages (0…length); the whole transcript when left out. */
  forkPoint: z.number().int().min(0).optional(),
  /**
   * An experiment, not a runtime parameter: the child's system instruction as a person wants to
   * try it (a runtime that rewrites an identity line, say), in place of the one the runtime gives.
   */
  childSystemInstruction: z.string().max(100_000).optional(),
  /** Which of the runtime's versions to reproduce (its `versions`' ids); the newest when left out. */
  runtimeVersion: z.string().max(40).optional(),
  /**
   * The project's files the runtime reads to decide the call (Qwen's fork profiles), by path from
   * the project's root: a path the runtime reads that is missing here is a file the project lacks.
   * Left out, the project is unknown, and the plan says what it could not read.
   */
  projectFiles: z
    .record(z.string().min(1).max(PROJECT_PATH_CHARS), z.string().max(PROJECT_FILE_CHARS))
    .refine((files) => Object.keys(files).length <= PROJECT_FILES, { message: `at most ${PROJECT_FILES} project files` })
    .optional(),
};

/**
 * A parameter value exactly as the model (or a person) sent it. `unknown` on purpose: the
 * runtime's own validation is part of what Fork Lab shows, so a number, `null` or a padded string
 * must reach it unchanged.
 */
export const asSent = z.unknown().optional();

/** A runtime's request schema: its policy id, the shared fields and its own parameters. */
export type ForkRequestSchema<P extends string = string> = z.ZodObject<
  { policy: z.ZodLiteral<P>; params: z.ZodObject } & typeof forkRequestBase & z.ZodRawShape,
  z.core.$strict
>;

/** The Agent tool a parent model calls to fork, as the runtime declares it. */
export interface RuntimeAgentTool<R> {
  declaration: ToolDeclaration;
  /**
   * The request an Agent call makes, its values passed through as the model wrote them.
   * `settings` are the fields of the controls that are not call arguments (Kimi's notice variant).
   */
  requestFromCall(input: Readonly<Record<string, unknown>>, settings: Readonly<Record<string, string>>): R;
  /** The call's input as the runtime's model would write it for a request. */
  callInput(request: R): Record<string, unknown>;
}

/** How a background child's run ended, for the notification its parent receives. */
export interface BackgroundOutcome {
  /** The child's id. */
  taskId: string;
  /** The parent's Agent call that started it, when there was one. */
  toolUseId?: string;
  /** What the child was for, in a few words: Fork Lab's name for it. */
  description: string;
  /** The arguments of the parent's Agent call that started it, when the parent made one. */
  callInput?: Readonly<Record<string, unknown>>;
  status: 'completed' | 'failed' | 'cancelled';
  /** The child's final output (or what it had when it was cancelled). */
  result?: string;
  error?: string;
}

/** How the child's final answer reaches the parent. */
export type ResultDelivery =
  /**
   * The fork runs in the background: its Agent call is answered at once with `placeholder`, and when
   * the run ends, however it ends, the parent receives `notification` as the text of a user turn.
   */
  | {
      kind: 'background-notification';
      placeholder: string;
      notification(outcome: BackgroundOutcome): string;
      /** Whether a user turn's text is such a notification: news for the parent, not a new instruction. */
      isNotification(text: string): boolean;
    }
  /**
   * The parent waits: the result is the Agent call's result, the child's final output as it is,
   * or as `render` frames it (Kimi 2.1 names the agent and says how it ended).
   */
  | { kind: 'call-result'; render?(outcome: CallOutcome): string }
  /**
   * The call started a family of children (Kimi's AgentSwarm) and the parent waits for all of them:
   * once every member has ended, however it ended, the call's result is `render` of their outcomes.
   */
  | { kind: 'family-result'; render(outcomes: readonly FamilyOutcome[], context?: DeliveryContext): string };

/** What a runtime's rendering of a result may say besides the result: how long it took, at which release. */
export interface DeliveryContext {
  /** Seconds from the call to its result, where they are known. */
  seconds?: number;
  runtimeVersion?: string;
}

/** A child that finished, as its parent's waiting call is answered. */
export interface CallOutcome extends DeliveryContext {
  agentId: string;
  result: string;
  /** The calling agent, whose type a fork carries. */
  caller: AgentProfile;
}

/** How one member of a family ended, for the result its parent's call receives. */
export interface FamilyOutcome {
  member: FamilyMember;
  /** The child's id; none for a member that never started (its launch failed). */
  agentId?: string;
  status: 'completed' | 'failed' | 'aborted';
  result?: string;
  error?: string;
}

/**
 * What the parent's model reads when its Agent call is refused (the runtime's own error, or Fork
 * Lab's when it cannot run the call): the call's tool-result output, shaped as the runtime shapes
 * a failed tool call.
 */
export type RefusalOutput = { type: 'text'; value: string } | { type: 'error-text'; value: string };

/**
 * How the runtime wraps what it asks a child, so a reader of the child's prompt (the offline model)
 * can tell the task from the runtime's own words.
 */
export interface ChildFraming {
  /** Whether the text holds the runtime's own framing (its rules, its notice). */
  marks(text: string): boolean;
  /** The text with the runtime's framing removed: what was asked. */
  strip(text: string): string;
  /** A prompt that asks nothing new: "go on with what the framing said" (Qwen's `Begin.`). */
  carryOn?: string;
  /**
   * Whether a user-role text is news the runtime brings a parent, not an instruction (Codex 0.169's
   * `FINAL_ANSWER` agent message after `wait_agent`): read as a question, it would start work anew.
   */
  isNews?(text: string): boolean;
  /**
   * Whether a user-role message is one the runtime's harness sends on its own, beside a prompt
   * (DeepSeek Harness's runtime context after each one): no turn a person took, so it neither
   * opens nor ends one.
   */
  isHarnessMessage?(text: string): boolean;
  /**
   * A tool the runtime gives a child to answer through instead of in text (DeepSeek Harness's
   * `structured_output`, for a fork with an outputSchema): declared, the answer goes through it.
   */
  answerTool?: string;
}

export interface ForkRuntimeSpec<S extends ForkRequestSchema> {
  /** The runtime's one id: what the CLI, the HTTP API, URLs, verify and the test kit call it. */
  policy: z.infer<S>['policy'];
  /**
   * Other spellings a person or a script may reach for (the shipped runtime's npm name, its
   * command), accepted wherever the id is and listed in the help; no two runtimes share one.
   */
  aliases: readonly string[];
  /** The shipped runtime this fork mechanism is part of, as `fork-lab verify` installs and drives it. */
  shippedAs: string;
  /** How the picker names it: runtime · mechanism. */
  label: string;
  /** How a one-line description of a request names it. */
  name: string;
  /** The release lines Fork Lab reproduces, newest first; a request names one by `runtimeVersion`. */
  versions: RuntimeVersions;
  /**
   * The release a captured request announces (Qwen's and Claude Code's user agent, Codex's
   * version header), so a check of real traffic reads it by that release's rules.
   */
  announcedRelease?(headers: Readonly<Record<string, string>>): string | null;
  /**
   * The import formats of the sessions this runtime writes (`claude-code`, `codex`): a session
   * imported from one opens on this runtime's policy, since that is how it forks.
   */
  sessionFormats?: readonly string[];
  requestSchema: S;
  plan(parent: ParentTranscript, request: z.infer<S>, end: number): ForkPlan;
  agentTool: RuntimeAgentTool<z.infer<S>>;
  controls: RuntimeControls<z.infer<S>>;
  delivery: ResultDelivery;
  /** The tool result that answers a refused Agent call, carrying `message` (the refusal's text), at a release line. */
  refusal(message: string, runtimeVersion?: string): RefusalOutput;
  /**
   * A tool result a runtime sent, with what varies from run to run (Kimi's wall time) written as
   * Fork Lab writes it, so a refusal can be compared word for word; the text as it is when nothing varies.
   */
  steadyAnswer?(text: string): string;
  framing: ChildFraming;
  /**
   * The project files (paths from its root) the runtime reads to plan this request, for a reader
   * that has the project at hand to pass as `projectFiles`; none when it reads none.
   */
  projectFilesRead?(request: z.infer<S>): string[];
  /**
   * For a runtime whose one call starts a family of children: the request whose plan's child is the
   * member with this index (the plan's `family` lists them).
   */
  memberRequest?(request: z.infer<S>, member: number): z.infer<S>;
}

/** A runtime as the registry holds it. */
export interface ForkRuntime<S extends ForkRequestSchema = ForkRequestSchema> extends ForkRuntimeSpec<S> {
  /**
   * Plan a request of this runtime's policy, checked against its own schema first: the one place
   * a request of the registry's union is narrowed to this runtime's type.
   */
  planRequest(parent: ParentTranscript, request: { policy: string; runtimeVersion?: string }, end: number): ForkPlan;
}

export function defineForkRuntime<S extends ForkRequestSchema>(spec: ForkRuntimeSpec<S>): ForkRuntime<S> {
  return {
    ...spec,
    planRequest: (parent, request, end) => {
      // A request built in code (not parsed from JSON) can still be off: a named error, never a ZodError.
      const parsed = spec.requestSchema.safeParse(request);
      if (!parsed.success) throw new ForkRequestValidationError(issuesOf(parsed.error, ''));
      return spec.plan(parent, parsed.data, end);
    },
  };
}
