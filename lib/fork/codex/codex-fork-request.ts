import { z } from 'zod';
import { asSent, forkRequestBase } from '../runtime';

export const CODEX_POLICY = 'codex-spawn-agent';

declare module '../fork-policy' {
  interface RegisteredForkPolicies {
    'codex-spawn-agent': true;
  }
}

/**
 * Which full-history lock to reproduce: the three-field rule of late April to June 2026 (the
 * version these rules follow), or the later one that refuses only `agent_type`.
 */
export const CODEX_LOCK_VARIANTS = ['three-fields', 'agent-type-only'] as const;
export type CodexLockVariant = (typeof CODEX_LOCK_VARIANTS)[number];

/**
 * What counts as an assistant final answer. Codex reads the recorded phase and nothing else; a
 * parent recorded elsewhere has no phases, so Fork Lab offers, off by default and labelled as its
 * own, to read the last assistant text of each finished turn as that turn's final answer.
 */
export const CODEX_FINAL_ANSWER_RULES = ['phase', 'last-text-of-turn'] as const;
export type CodexFinalAnswerRule = (typeof CODEX_FINAL_ANSWER_RULES)[number];

/** Codex's MultiAgentV2 `spawn_agent` arguments, as the model sends them, and which version to reproduce. */
export const codexForkRequestSchema = z.strictObject({
  policy: z.literal(CODEX_POLICY),
  ...forkRequestBase,
  lock: z.enum(CODEX_LOCK_VARIANTS).optional(),
  finalAnswers: z.enum(CODEX_FINAL_ANSWER_RULES).optional(),
  /**
   * The call's arguments exactly as the model wrote them, kept only when they hold what the other
   * fields cannot: a `message` that is not text (or none), or an argument `spawn_agent` does not
   * have. Codex decodes these before anything else, so its refusal must see them.
   */
  call: z.record(z.string(), z.unknown()).optional(),
  params: z.strictObject({
    task_name: asSent,
    agent_type: asSent,
    model: asSent,
    reasoning_effort: asSent,
    fork_turns: asSent,
    fork_context: asSent,
  }),
});

export type CodexForkRequest = z.infer<typeof codexForkRequestSchema>;
export type CodexForkParams = CodexForkRequest['params'];
