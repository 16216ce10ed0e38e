import { z } from 'zod';
import type { SweepResult } from './run-sweep';

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

const checkResultSchema = z.object({ check: z.string(), passed: z.boolean(), reason: z.string().optional() });

const sweepResultSchema = z.object({
  smallestPassing: z.string().nullable(),
  variants: z.array(
    z.looseObject({
      label: z.string(),
      status: z.enum(['passed', 'failed', 'rejected', 'not-a-fork', 'error']),
      initialMessages: z.number(),
      checks: z.array(checkResultSchema),
    }),
  ),
});

export const sweepRecordSchema = z.object({
  id: z.string().min(1),
  createdAt: z.string(),
  parentRevision: z.number().int().min(0),
  setup: sweepSetupSchema,
  result: sweepResultSchema,
}) as unknown as z.ZodType<SweepRecord>;

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
