/** The three runtimes Fork Lab reproduces. */
export type ForkPolicy = 'qwen-fork-turns' | 'kimi-fork' | 'deepseek-completed-turns';

export const FORK_POLICIES: readonly ForkPolicy[] = ['qwen-fork-turns', 'kimi-fork', 'deepseek-completed-turns'];

/**
 * Qwen Code's Agent tool parameters, exactly as the model sends them. Values are `unknown` on
 * purpose: the runtime's own validation is part of what Fork Lab shows, so a number, `null` or a
 * padded string must reach it unchanged.
 */
export interface QwenForkParams {
  subagent_type?: unknown;
  fork_turns?: unknown;
  name?: unknown;
}

/** Kimi Code's Agent tool parameters, as the model sends them. */
export interface KimiForkParams {
  fork?: unknown;
  resume?: unknown;
  subagent_type?: unknown;
  model?: unknown;
}

/**
 * How Kimi tells the child its history is inherited: in front of the task in the first prompt
 * (the original version), or as a separate `<system-reminder>` user message with the task sent
 * bare (a later version).
 */
export type KimiNoticeVariant = 'prompt-prefix' | 'system-reminder';

export const KIMI_NOTICE_VARIANTS: readonly KimiNoticeVariant[] = ['prompt-prefix', 'system-reminder'];

/** DeepSeek Harness fork options; the same options a fresh spawn takes. */
export interface DeepSeekForkParams {
  /** The deepest a child may be (the main agent is depth 0). Defaults to 3. */
  maxDepth?: unknown;
  /** Replaces the system instruction in the child's fresh scope. */
  persona?: unknown;
  /** Names of the tools the child may use, from the runtime's registry. */
  toolFilter?: unknown;
}

interface ForkRequestBase {
  /** The task for the child. */
  directive: string;
  /**
   * Fork as the parent stood after this many messages (0…length). Defaults to the whole
   * transcript: the end of the parent.
   */
  forkPoint?: number;
}

export interface QwenForkRequest extends ForkRequestBase {
  policy: 'qwen-fork-turns';
  params: QwenForkParams;
}

export interface KimiForkRequest extends ForkRequestBase {
  policy: 'kimi-fork';
  params: KimiForkParams;
  notice?: KimiNoticeVariant;
}

export interface DeepSeekForkRequest extends ForkRequestBase {
  policy: 'deepseek-completed-turns';
  params: DeepSeekForkParams;
}

/** What to fork and how: a policy, its parameters as the runtime takes them, and the task. */
export type ForkRequest = QwenForkRequest | KimiForkRequest | DeepSeekForkRequest;
