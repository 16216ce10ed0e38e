import { z } from 'zod';
import { forkRequestSchema } from '@/lib/fork';
import { parentKeySchema } from '@/lib/fork-exchange/inputs';
import { providerRulesSchema } from '@/lib/provider-cache/provider-rules-schema';

const idSchema = z.string().regex(/^[A-Za-z0-9_:.-]{1,80}$/, 'an id is 1 to 80 letters, digits, dashes, dots, colons or underscores');

export const runIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a run id is 1 to 64 letters, digits, dashes or underscores');

export const startChildRunInput = z.strictObject({
  parentKey: parentKeySchema,
  request: forkRequestSchema,
  childId: runIdSchema,
  name: z.string().min(1).max(200),
  modelId: z.string().min(1).max(200),
  sessionId: idSchema,
  /** The workspace's cache rules, for the forecast kept with the run; the shipped ones when left out. */
  providerRules: providerRulesSchema.optional(),
});

export const runReferenceInput = z.strictObject({ runId: runIdSchema });
