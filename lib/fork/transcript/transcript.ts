import type { AssistantModelMessage, ModelMessage, SystemModelMessage, ToolModelMessage, ToolResultPart, UserModelMessage } from 'ai';

export type { AssistantModelMessage, ModelMessage, SystemModelMessage, ToolModelMessage, UserModelMessage };

/**
 * What a tool call returned, as a tool-result part carries it: text, JSON, an error, a denial, or
 * content items. Importers write it and exporters read it, so all of them take the AI SDK's own type.
 */
export type ToolOutput = ToolResultPart['output'];

/**
 * Why a turn ended. The completed-turn policy treats every reason alike: a turn that ended, for
 * whatever reason, is history the child may inherit.
 */
export const TURN_END_REASONS = ['completed', 'aborted', 'blocked', 'error', 'max-tokens', 'interrupted'] as const;
export type TurnEndReason = (typeof TURN_END_REASONS)[number];

/** Where a message came from, as an importer saw it. Hints only: classification decides. */
export interface MessageOrigin {
  /** The source format, e.g. `claude-code`, `codex`, `gemini`. */
  format?: string;
  /** 1-based line (or record) number in the source file. */
  line?: number;
  /**
   * The source marks this message as written by the harness, not the person (Claude Code
   * `isMeta`, a command echo). Such a message never counts as a real user turn.
   */
  meta?: boolean;
  /** The source marks this message as a compaction summary (Claude Code `isCompactSummary`). */
  compactionSummary?: boolean;
  /** Free-form note from the importer (what was merged or guessed). */
  note?: string;
}

/**
 * Metadata kept beside a message, never inside it: the model never sees it, but the engine and
 * the UI do.
 */
export interface MessageMeta {
  origin?: MessageOrigin;
  /** A turn ended right after this message, for this reason. */
  turnEnd?: TurnEndReason;
  /**
   * The assistant message was still streaming (unsealed) when it was recorded. Kimi seals it
   * when it closes an open tool call in a fork snapshot.
   */
  partial?: boolean;
}

/** One message of a transcript: an AI SDK `ModelMessage` with a stable id and its metadata. */
export interface TranscriptMessage {
  id: string;
  message: ModelMessage;
  meta?: MessageMeta;
}

/** A tool the agent can call, as declared to the model. */
export interface ToolDeclaration {
  name: string;
  description?: string;
  /** JSON Schema of the tool's input. */
  inputSchema?: Record<string, unknown>;
  /**
   * The Responses `namespace` tool that declares it (Codex declares `spawn_agent` inside
   * `collaboration`): the model calls it by its own name with the namespace beside it.
   */
  namespace?: string;
}

/** Who the parent agent is: everything a fork may inherit besides the conversation. */
export interface AgentProfile {
  /** The running agent's id; a Kimi child records it as `forkedFrom`. */
  agentId: string;
  /** The profile (agent type) name, e.g. `agent`, `coder`, `general-purpose`. */
  name: string;
  systemInstruction: string;
  /** The tools this agent has right now (a restricted agent has fewer). */
  tools: ToolDeclaration[];
  /**
   * Every tool the runtime could register for a fresh agent. The completed-turn policy gives a
   * child a fresh registration scope rather than the parent's restrictions. Defaults to `tools`.
   */
  toolRegistry?: ToolDeclaration[];
  model: string;
  /** 0 for the main agent (the top-level session), parent depth + 1 for a child. */
  depth: number;
  /**
   * The agent runs as a fork of another: where it runs, not what its history says. A runtime that
   * refuses spawns inside a fork reads this (Qwen marks a fork's run with an AsyncLocalStorage
   * frame, `runInForkContext`). Fork Lab's children set it; a fork child is never top-level, so
   * it needs `depth` 1 or more.
   */
  forkChild?: boolean;
  approvalMode?: string;
  thinkingLevel?: string;
}

/** What an importer names a profile the recorded requests do not name: the runtime's own default then applies. */
export const UNNAMED_PROFILE = 'imported';

/** A parent: its conversation so far and its agent profile. */
export interface ParentTranscript {
  profile: AgentProfile;
  messages: TranscriptMessage[];
}
