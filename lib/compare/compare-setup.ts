import { z } from 'zod';
import {
  DIRECTIVE_MAX_CHARS,
  FORK_RUNTIMES,
  type ForkPolicy,
  type ForkRequest,
  isForkPolicy,
  ONE_CHILD_RUNTIMES,
  parseForkRequest,
  runtimeOf,
} from '@/lib/fork';

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 8;

/**
 * One fork of the compared parent: any runtime of the registry, its fields as typed (raw text,
 * as the playground's controls keep them, so a value the runtime rejects reaches it unchanged),
 * where to fork and which model a run uses.
 */
export interface CompareVariant {
  id: string;
  policy: ForkPolicy;
  values: Readonly<Record<string, string>>;
  /** Fork as the parent stood after this many messages; null forks at the end. */
  forkPoint: number | null;
  modelId: string;
  /** The child's system instruction as a person wants to try it; the runtime's own when absent. */
  systemInstruction?: string;
}

/** A variant's child run from "Run all", as the browser last heard of it. */
export interface CompareRun {
  runId: string;
  /** The request it ran (JSON): a variant edited since shows its output as from an earlier setting. */
  requestKey: string;
  modelId: string;
  status: 'queued' | 'running' | 'finished' | 'failed' | 'stopped' | 'interrupted' | 'skipped';
  output: string | null;
  error: string | null;
}

/** A compare: its variants in order, the one the others are read against, one directive for all. */
export interface CompareSetup {
  directive: string;
  baselineId: string;
  variants: readonly CompareVariant[];
  /** Each variant's latest run, by variant id. */
  runs?: Readonly<Record<string, CompareRun>>;
}

export const compareVariantSchema: z.ZodType<CompareVariant> = z.object({
  id: z.string().min(1).max(64),
  policy: z.string().refine(isForkPolicy, { message: `a runtime of the registry: ${FORK_RUNTIMES.map((runtime) => runtime.policy).join(', ')}` }),
  values: z.record(z.string().max(200), z.string().max(10_000)),
  forkPoint: z.number().int().min(0).nullable(),
  modelId: z.string().min(1).max(200),
  systemInstruction: z.string().max(100_000).optional(),
});

const compareRunSchema = z.object({
  runId: z.string().min(1).max(200),
  requestKey: z.string(),
  modelId: z.string(),
  status: z.enum(['queued', 'running', 'finished', 'failed', 'stopped', 'interrupted', 'skipped']),
  output: z.string().nullable(),
  error: z.string().nullable(),
});

export const compareSetupSchema: z.ZodType<CompareSetup> = z
  .object({
    directive: z.string().max(DIRECTIVE_MAX_CHARS),
    baselineId: z.string(),
    variants: z.array(compareVariantSchema).min(MIN_VARIANTS).max(MAX_VARIANTS),
    runs: z.record(z.string(), compareRunSchema).optional(),
  })
  .refine((setup) => setup.variants.some((variant) => variant.id === setup.baselineId), { message: 'the baseline must be one of the variants' })
  .refine((setup) => new Set(setup.variants.map((variant) => variant.id)).size === setup.variants.length, {
    message: 'variant ids must differ',
  });

/** Every parameter of the variant's runtime, as it gives them or as the runtime defaults them. */
export function variantValues(variant: Pick<CompareVariant, 'policy' | 'values'>): Record<string, string> {
  return { ...runtimeOf(variant.policy).controls.defaults, ...variant.values };
}

/** The variant's request, as the playground builds one from its controls: only the spelling of values. */
export function variantRequest(variant: CompareVariant, directive: string): ForkRequest {
  const base = {
    directive,
    ...(variant.forkPoint === null ? {} : { forkPoint: variant.forkPoint }),
    ...(variant.systemInstruction === undefined ? {} : { childSystemInstruction: variant.systemInstruction }),
  };
  return parseForkRequest(runtimeOf(variant.policy).controls.toRequest(variantValues(variant), base));
}

/** Column letters, in order: A is the first variant. */
export function variantLetter(position: number): string {
  return String.fromCharCode(65 + position);
}

export function baselineOf(setup: CompareSetup): CompareVariant {
  return setup.variants.find((variant) => variant.id === setup.baselineId) ?? setup.variants[0]!;
}

/**
 * A first compare for a parent: the playground's fork as the baseline, the same runtime with every
 * turn when it has a window, then each other runtime at its defaults — at most {@link MAX_VARIANTS}.
 */
export function defaultCompareSetup(
  selected: { policy: ForkPolicy; values: Readonly<Record<string, string>>; forkPoint: number | null; directive: string },
  modelId: string,
  newId: () => string,
): CompareSetup {
  const variant = (policy: ForkPolicy, values: Readonly<Record<string, string>>): CompareVariant => ({
    id: newId(),
    policy,
    values,
    forkPoint: selected.forkPoint,
    modelId,
  });
  const variants = [variant(selected.policy, selected.values)];
  const window = runtimeOf(selected.policy).controls.window;
  if (window !== undefined && selected.values[window.field] !== window.all) {
    variants.push(variant(selected.policy, { ...selected.values, [window.field]: window.all }));
  }
  for (const runtime of ONE_CHILD_RUNTIMES) {
    if (runtime.policy !== selected.policy) variants.push(variant(runtime.policy, runtime.controls.defaults));
  }
  const kept = variants.slice(0, MAX_VARIANTS);
  return { directive: selected.directive, baselineId: kept[0]!.id, variants: kept };
}

/** Add a variant: a copy of the last one, under a new id. */
export function addVariant(setup: CompareSetup, newId: () => string): CompareSetup {
  if (setup.variants.length >= MAX_VARIANTS) return setup;
  return { ...setup, variants: [...setup.variants, { ...setup.variants.at(-1)!, id: newId() }] };
}

/** Duplicate a variant in place: the copy follows it. */
export function duplicateVariant(setup: CompareSetup, id: string, newId: () => string): CompareSetup {
  const at = setup.variants.findIndex((variant) => variant.id === id);
  if (at < 0 || setup.variants.length >= MAX_VARIANTS) return setup;
  const variants = [...setup.variants];
  variants.splice(at + 1, 0, { ...variants[at]!, id: newId() });
  return { ...setup, variants };
}

/** Move a variant one place left (-1) or right (+1). */
export function moveVariant(setup: CompareSetup, id: string, by: -1 | 1): CompareSetup {
  const at = setup.variants.findIndex((variant) => variant.id === id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= setup.variants.length) return setup;
  const variants = [...setup.variants];
  [variants[at], variants[to]] = [variants[to]!, variants[at]!];
  return { ...setup, variants };
}

/** Remove a variant (never below {@link MIN_VARIANTS}); a removed baseline hands over to the first left. */
export function removeVariant(setup: CompareSetup, id: string): CompareSetup {
  if (setup.variants.length <= MIN_VARIANTS) return setup;
  const variants = setup.variants.filter((variant) => variant.id !== id);
  if (variants.length === setup.variants.length) return setup;
  return { ...setup, variants, baselineId: setup.baselineId === id ? variants[0]!.id : setup.baselineId };
}

/** A variant as it was removed: enough to put it back where it stood. */
export interface RemovedVariant {
  variant: CompareVariant;
  index: number;
  wasBaseline: boolean;
}

/** What `removeVariant` would take out, for the way back; null when it would take nothing. */
export function variantRemoval(setup: CompareSetup, id: string): RemovedVariant | null {
  const index = setup.variants.findIndex((variant) => variant.id === id);
  if (index < 0 || setup.variants.length <= MIN_VARIANTS) return null;
  return { variant: setup.variants[index]!, index, wasBaseline: setup.baselineId === id };
}

/**
 * Put a removed variant back at its place, and as the baseline if it was. Its run was never
 * dropped, so its answer comes back too. Applied to the compare as it is now, not as it was: edits
 * made since the removal stay. Nothing changes when the compare is full or already has the id.
 */
export function restoreVariant(setup: CompareSetup, removed: RemovedVariant): CompareSetup {
  if (setup.variants.length >= MAX_VARIANTS || setup.variants.some((variant) => variant.id === removed.variant.id)) return setup;
  const at = Math.min(removed.index, setup.variants.length);
  const variants = [...setup.variants.slice(0, at), removed.variant, ...setup.variants.slice(at)];
  return { ...setup, variants, baselineId: removed.wasBaseline ? removed.variant.id : setup.baselineId };
}

/** Replace one variant (its runtime, fields, fork point or model). */
export function updateVariant(setup: CompareSetup, id: string, update: (variant: CompareVariant) => CompareVariant): CompareSetup {
  return { ...setup, variants: setup.variants.map((variant) => (variant.id === id ? { ...update(variant), id } : variant)) };
}

/**
 * A compare read back from storage or a link, which another version or a person may have written:
 * a valid one as it is, anything else as absent (the view then starts from the playground's fork).
 */
export function restoreCompareSetup(saved: unknown): CompareSetup | undefined {
  const parsed = compareSetupSchema.safeParse(saved);
  return parsed.success ? parsed.data : undefined;
}
