import { z } from 'zod';
import { forkRequestSchema } from '@/lib/fork';
import { USAGE_FORMATS } from '@/lib/wire/reported-usage';
import { MAX_SWEEP_VARIANTS, type SweepResult } from './sweep-result';

/** What a person asked a sweep for: the forks, the directive, the checks, the model. */
export interface SweepSetup {
  variants: { kind: 'windows'; runtime: string; windows: string[] } | { kind: 'every-runtime' };
  directive: string;
  /** Checks in their written form (`contains:heron-7731`), as the CLI and the API take them. */
  checks: string[];
  modelId: string;
}

/** A finished sweep, kept with its parent session. */
export interface SweepRecord {
  id: string;
  createdAt: string;
  /** The parent's revision it ran on: an edit since makes it a sweep of an earlier parent. */
  parentRevision: number;
  setup: SweepSetup;
  result: SweepResult;
}

export { MAX_SWEEP_VARIANTS };

/** At most this many checks over each child's output. */
export const MAX_SWEEP_CHECKS = 16;

/** Sweeps a session keeps, newest first; older ones are let go. */
export const KEPT_SWEEPS = 10;

const sweepSetupSchema = z.object({
  variants: z.union([
    z.object({ kind: z.literal('windows'), runtime: z.string(), windows: z.array(z.string()) }),
    z.object({ kind: z.literal('every-runtime') }),
  ]),
  directive: z.string(),
  checks: z.array(z.string()),
  modelId: z.string(),
});

const checkResultSchema = z.object({ check: z.string().max(4_000), passed: z.boolean(), reason: z.string().max(4_000).optional() });
const count = z.number().int().min(0);

// Every field a page renders or a report writes is checked (a share link serves what it stored to
// anyone); fields no version knows are dropped.
const sweepVariantSchema = z.object({
  label: z.string().max(64),
  request: forkRequestSchema,
  status: z.enum(['passed', 'failed', 'rejected', 'not-a-fork', 'error']),
  initialMessages: count,
  sharedPrefixMessages: count.optional(),
  inputTokens: count.optional(),
  outputTokens: count.optional(),
  usage: z
    .object({
      cachedTokens: count,
      writtenTokens: count,
      uncachedTokens: count,
      outputTokens: count.nullable(),
      format: z.enum(USAGE_FORMATS),
    })
    .optional(),
  output: z.string().max(1_000_000).optional(),
  checks: z.array(checkResultSchema).max(64),
  errors: z.array(z.string().max(10_000)).max(64).optional(),
});

const sweepResultSchema = z.object({
  smallestPassing: z.string().nullable(),
  variants: z.array(sweepVariantSchema).max(MAX_SWEEP_VARIANTS),
});

export const sweepRecordSchema: z.ZodType<SweepRecord> = z.object({
  id: z.string().min(1),
  createdAt: z.string(),
  parentRevision: z.number().int().min(0),
  setup: sweepSetupSchema,
  result: sweepResultSchema,
});

/** Sweeps read back from storage: the whole ones, newest first, at most {@link KEPT_SWEEPS}. */
export function restoreSweeps(saved: unknown): SweepRecord[] {
  if (!Array.isArray(saved)) return [];
  return saved
    .flatMap((entry) => {
      const parsed = sweepRecordSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, KEPT_SWEEPS);
}
