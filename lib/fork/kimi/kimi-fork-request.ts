import { z } from 'zod';
import { asSent, forkRequestBase } from '../runtime';

export const KIMI_POLICY = 'kimi-fork';

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
  params: z.strictObject({ fork: asSent, resume: asSent, subagent_type: asSent, model: asSent }),
});

export type KimiForkRequest = z.infer<typeof kimiForkRequestSchema>;
export type KimiForkParams = KimiForkRequest['params'];
