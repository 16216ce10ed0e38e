import type { ForkPolicy } from './fork-policy';
import type { AssistantModelMessage, MessageMeta, ModelMessage, ToolDeclaration, UserModelMessage } from './transcript/transcript';

/** A parameter the runtime rejects. */
export interface ForkParameterError {
  /** The parameter as the runtime names it (`fork_turns`, `subagent_type`, `forkPoint`, …). */
  parameter: string;
  /** A stable code for tests and scripts. */
  code: string;
  /** The runtime's own words, exactly as its model reads them in the tool's error. */
  message: string;
  /**
   * Fork Lab's own note for people (the value that was sent, what is allowed), shown beside the
   * runtime's words and never sent to a model: the parent must read what the runtime would say.
   */
  explanation?: string;
}

/** Why a parent message is, or is not, part of what the child receives. */
export type DispositionReason =
  // inherited
  | 'startup-prefix-kept'
  | 'in-window'
  | 'merged-by-curation'
  | 'tool-call-input-redacted'
  | 'open-tool-call-closed'
  | 'final-answer-kept'
  // excluded
  | 'compaction-summary-outside-window'
  | 'before-window'
  | 'dropped-by-curation'
  | 'trailing-user-message-dropped'
  | 'in-flight-turn'
  | 'tool-messages-only'
  | 'after-fork-point'
  | 'not-a-fork'
  | 'request-rejected'
  | 'tool-item-dropped'
  | 'not-a-final-answer'
  | 'usage-hint-filtered';

export type DispositionStatus = 'inherited' | 'excluded';

/**
 * A run of parent messages `[start, end)` that share a disposition. The ranges of a plan cover
 * every parent message exactly once, in order; a 100,000-message parent forked with a small
 * window is described by a handful of ranges rather than 100,000 records.
 */
export interface ParentRange {
  start: number;
  end: number;
  status: DispositionStatus;
  reason: DispositionReason;
  /** The rule in words, for people. */
  detail: string;
}

/** The rule that wrote a message the parent never had. */
export type SyntheticRule =
  | 'fork-placeholder-result'
  | 'fork-directive-message'
  | 'fork-directive-acknowledgement'
  | 'fork-begin-prompt'
  | 'fork-directive-prompt'
  | 'open-call-closed'
  | 'orphaned-call-closed'
  | 'inheritance-notice'
  | 'notice-and-task-prompt'
  | 'task-prompt'
  | 'permission-mode-reminder'
  | 'runtime-context'
  | 'subagent-usage-hint'
  | 'inter-agent-task'
  | 'multi-agent-mode'
  | 'agent-message-task'
  | 'call-aborted'
  | 'worker-fork-prompt';

/** How a child message relates to the parent. */
export type ChildMessageSource =
  | {
      kind: 'copy';
      /** Parent indexes copied into this message (more than one when curation merged them). */
      parentIndexes: number[];
      parentIds: string[];
      /** What changed on the way, if anything. */
      change?: 'merged' | 'tool-inputs-redacted' | 'sealed' | 'stripped' | 'split';
    }
  | {
      kind: 'synthetic';
      rule: SyntheticRule;
      /** The tool call this message answers, for synthetic tool results. */
      toolCallIds?: string[];
    };

/** One message of the child's request, with where it came from. */
export interface ChildMessage {
  message: ModelMessage;
  meta?: MessageMeta;
  source: ChildMessageSource;
}

/** Where each part of the child's profile comes from. */
export interface ChildInheritance {
  /** `parent-as-subagent`: the parent's, marked as a subagent's (Claude Code's billing line). */
  systemInstruction: 'parent' | 'parent-as-subagent' | 'persona';
  /** `parent-filtered`: the parent's declarations less the ones the runtime does not fork (Qwen's `agent`, …). */
  tools: 'parent' | 'parent-filtered' | 'registry' | 'registry-filtered';
  /** `request`: the call named another model, which a spawn that is not a full fork may. */
  model: 'parent' | 'request';
}

/** Everything the child starts with: its first request to the model. */
export interface ChildRequest {
  profileName: string;
  /** The caller's id when the runtime records fork provenance (Kimi's `forkedFrom`). */
  forkedFrom?: string;
  /** Profile whose approval rules apply to the launch (Kimi matches the caller's own). */
  approvalSubject: string;
  systemInstruction: string;
  tools: ToolDeclaration[];
  model: string;
  depth: number;
  approvalMode?: string;
  thinkingLevel?: string;
  inheritance: ChildInheritance;
  /** The inherited history after boundary repair, plus any synthetic messages before the prompt. */
  initialMessages: ChildMessage[];
  /**
   * The message the child's first model call ends with: the task, as a user message, or as the
   * assistant-role inter-agent message a runtime that delivers tasks that way records.
   */
  firstPrompt: ChildMessage & { message: UserModelMessage | AssistantModelMessage };
}

/**
 * What a provider's prompt cache could reuse between the parent's next request (its system
 * instruction, tools and transcript as recorded) and the child's first request.
 */
export interface CacheReuse {
  systemMatches: boolean;
  toolsMatch: boolean;
  /** Leading child messages that are unchanged copies of the parent's messages at the same place. */
  sharedMessages: number;
  /**
   * False when the child runs on another model than the parent (a Codex spawn may ask for one): a
   * provider's prompt cache is per model. Absent when the models are the same.
   */
  modelMatches?: false;
  /** Messages a prefix cache can reuse: `sharedMessages` when model, system and tools match, else 0. */
  reusableMessages: number;
}

/** The span of the parent the selection looked at and where the inherited window starts. */
export interface ForkWindow {
  /** Parent index of the first inherited message after any kept startup prefix, or null. */
  start: number | null;
  /** Exclusive end of the parent as the fork saw it (the fork point). */
  end: number;
  /** The selection in words ("last 3 real user turns", "through the turn ended at #41"). */
  description: string;
  /** Real user turns of the parent inside the window. */
  realTurns: number;
}

/** One child of a family that a single call starts (one item of Kimi's AgentSwarm). */
export interface FamilyMember {
  /** 1-based, in the runtime's launch order. */
  index: number;
  /** The runtime's name for this child (Kimi: `<description> #<index> (<agent type>)`). */
  name: string;
  /** The value this child was made for (Kimi's `swarmItem` label). */
  label: string;
  /** The child's task before the runtime frames it. */
  task: string;
  /** When the runtime starts it, counted from the first launch, when nothing holds it back. */
  launchAfterMs: number;
}

/**
 * Several children one call starts together, each from the same snapshot of the parent; they differ
 * only in their task. A plan describes one of them as its `child`, the one `member` names.
 */
export interface ForkFamily {
  /** The tool whose call starts them, as the runtime names it. */
  tool: string;
  /** What the call said the family is for. */
  description: string;
  members: FamilyMember[];
  /** Which member (its `index`) this plan's `child` is. */
  member: number;
}

/**
 * The result of `planFork`: either parameter errors (and no child), or exactly what the child
 * receives and, for every parent message, whether it is inherited and why.
 */
export interface ForkPlan {
  policy: ForkPolicy;
  /** `fork` inherits history; `fresh` is a regular subagent or teammate (no history). */
  mode: 'fork' | 'fresh';
  errors: ForkParameterError[];
  /** The child's first request; null when the request is rejected or the spawn is not a fork. */
  child: ChildRequest | null;
  /** For a `fresh` spawn: why the parameters do not make a fork. */
  freshReason?: string;
  parent: ParentRange[];
  window: ForkWindow | null;
  cache: CacheReuse | null;
  /** Things a person should know that are not errors (a result left without its call, …). */
  warnings: string[];
  /** When the call starts several children at once: all of them, and which one `child` is. */
  family?: ForkFamily;
  /** Which of the runtime's versions the plan reproduces (set by `planFork`). */
  runtimeVersion?: string;
}
