import { z } from 'zod';
import { forkRequestSchema, parentTranscriptSchema } from '@/lib/fork';
import { zodIssues } from '@/lib/http/zod-issues';
import { providerRulesSchema } from '@/lib/provider-cache/provider-rules-schema';

/** A parent key is the SHA-256 of the parent's canonical JSON. */
export const parentKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'a parent key is 64 lower-case hex digits');

export const registerParentInput = z.strictObject({ transcript: parentTranscriptSchema });
/** `providerRules`: a workspace's edited cache rules and prices; the shipped ones when left out. */
export const previewForkInput = z.strictObject({ parentKey: parentKeySchema, request: forkRequestSchema, providerRules: providerRulesSchema.optional() });

/** A fork to have a provider count (its own tokenizer, through its count endpoint). */
export const providerCountInput = z.strictObject({ parentKey: parentKeySchema, request: forkRequestSchema, provider: z.literal('anthropic') });

/**
 * Forks of one parent sent one after another (a compare's variants, in order), `gapSeconds` apart;
 * at most 8, as a compare holds.
 */
export const familyCacheInput = z.strictObject({
  parentKey: parentKeySchema,
  requests: z.array(forkRequestSchema).min(1).max(8),
  gapSeconds: z.number().min(0).max(86_400),
  providerRules: providerRulesSchema.optional(),
});

/** An input that failed validation, with each issue's path, for a person to act on. */
export interface InvalidInput {
  status: 'invalid';
  error: string;
  issues: { path: string; message: string }[];
}

export function invalidInput(error: z.ZodError, what: string): InvalidInput {
  return {
    status: 'invalid',
    error: `The ${what} is not valid.`,
    // The same paths the HTTP API reports (`messages[3].content`; empty for the whole input).
    issues: zodIssues(error),
  };
}
