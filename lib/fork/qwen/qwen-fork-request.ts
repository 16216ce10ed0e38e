import { z } from 'zod';
import { asSent, forkRequestBase } from '../runtime';

export const QWEN_POLICY = 'qwen-fork-turns';

declare module '../fork-policy' {
  interface RegisteredForkPolicies {
    'qwen-fork-turns': true;
  }
}

/** Qwen Code's Agent tool parameters that decide a fork, exactly as the model sends them. */
export const qwenForkRequestSchema = z.strictObject({
  policy: z.literal(QWEN_POLICY),
  ...forkRequestBase,
  params: z.strictObject({
    subagent_type: asSent,
    fork_turns: asSent,
    name: asSent,
    // From 0.24: required there, and two ways to restrict what the fork may execute.
    description: asSent,
    fork_tools: asSent,
    fork_profile: asSent,
    run_in_background: asSent,
  }),
});

export type QwenForkRequest = z.infer<typeof qwenForkRequestSchema>;
export type QwenForkParams = QwenForkRequest['params'];
