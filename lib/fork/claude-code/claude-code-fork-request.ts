import { z } from 'zod';
import { asSent, forkRequestBase } from '../runtime';

export const CLAUDE_CODE_POLICY = 'claude-code-fork';

declare module '../fork-policy' {
  interface RegisteredForkPolicies {
    'claude-code-fork': true;
  }
}

/**
 * How a call asks for a fork, by Claude Code version: `subagent_type: "fork"` (on by default since
 * v2.1.232), or an omitted `subagent_type` with `CLAUDE_CODE_FORK_SUBAGENT=1` (v2.1.117 to v2.1.231).
 */
export const CLAUDE_CODE_FORK_GATES = ['subagent-type-fork', 'omitted-type'] as const;
export type ClaudeCodeForkGate = (typeof CLAUDE_CODE_FORK_GATES)[number];

/** Claude Code's Agent tool arguments that bear on a fork, as the model sends them, and which version to reproduce. */
export const claudeCodeForkRequestSchema = z.strictObject({
  policy: z.literal(CLAUDE_CODE_POLICY),
  ...forkRequestBase,
  gate: z.enum(CLAUDE_CODE_FORK_GATES).optional(),
  /** The call's arguments as the model wrote them, kept only when its `prompt` is not text (or missing). */
  call: z.record(z.string(), z.unknown()).optional(),
  params: z.strictObject({ description: asSent, subagent_type: asSent, model: asSent }),
});

export type ClaudeCodeForkRequest = z.infer<typeof claudeCodeForkRequestSchema>;
export type ClaudeCodeForkParams = ClaudeCodeForkRequest['params'];
