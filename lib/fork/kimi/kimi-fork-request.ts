import { z } from 'zod';
import { asSent, forkRequestBase } from '../runtime';

export const KIMI_POLICY = 'kimi-fork';

declare module '../fork-policy' {
  interface RegisteredForkPolicies {
    'kimi-fork': true;
  }
}

/**
 * How Kimi tells the child its history is inherited: in front of the task in the first prompt
 * (the original version), or as a separate `<system-reminder>` user message with the task sent
 * bare (a later version).
 */
export const KIMI_NOTICE_VARIANTS = ['prompt-prefix', 'system-reminder'] as const;
export type KimiNoticeVariant = (typeof KIMI_NOTICE_VARIANTS)[number];

/** Kimi Code's Agent tool parameters, as the model sends them, and which notice version to reproduce. */
export const kimiForkRequestSchema = z.strictObject({
  policy: z.literal(KIMI_POLICY),
  ...forkRequestBase,
  notice: z.enum(KIMI_NOTICE_VARIANTS).optional(),
  /**
   * The call's arguments exactly as the model wrote them, kept only when they hold what the other
   * fields cannot (a prompt that is not text, an argument the tool does not have): 2.1 checks
   * these against its schema before anything else.
   */
  call: z.record(z.string(), z.unknown()).optional(),
  params: z.strictObject({ description: asSent, fork: asSent, resume: asSent, subagent_type: asSent, model: asSent, run_in_background: asSent }),
});

export type KimiForkRequest = z.infer<typeof kimiForkRequestSchema>;
export type KimiForkParams = KimiForkRequest['params'];

/** The call's arguments: as written when kept, else the parameters and the prompt. */
export function kimiCallArguments(request: KimiForkRequest): Record<string, unknown> {
  if (request.call !== undefined) return { ...request.call };
  return { ...Object.fromEntries(Object.entries(request.params).filter(([, value]) => value !== undefined && value !== null)), prompt: request.directive };
}
