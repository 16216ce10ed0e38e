import type { LanguageModel } from 'ai';
import { generateText } from 'ai';
import { withAgentCall } from '@/lib/agent-call/agent-call';
import {
  buildBootstrapRecord,
  type ForkPolicy,
  ONE_CHILD_RUNTIMES,
  type ParentTranscript,
  parseForkRequest,
  planFork,
  reviveChildHistory,
  runtimeOf,
} from '@/lib/fork';
import { readStepUsage } from '@/lib/wire/reported-usage';
import type { OutputCheck } from './output-check';
import { RegexBudget, runOutputChecks } from './run-output-checks';
import { MAX_SWEEP_VARIANTS, type SweepResult, type SweepVariantResult, type SweepVariantSpec } from './sweep-result';

export class SweepSetupError extends Error {
  override readonly name = 'SweepSetupError';
}

export type { SweepResult, SweepVariantResult, SweepVariantSpec } from './sweep-result';
export { MAX_SWEEP_VARIANTS };

/** One fork per value of a runtime's window field (Qwen's `fork_turns`, say), everything else at its defaults. */
export function windowVariants(policy: ForkPolicy, windows: readonly string[], directive: string): SweepVariantSpec[] {
  const { controls } = runtimeOf(policy);
  if (controls.window === undefined) throw new SweepSetupError(`${policy} has no window to sweep: it always inherits the same history`);
  const field = controls.window.field;
  return windows.map((window) => ({
    label: window,
    request: parseForkRequest(controls.toRequest({ ...controls.defaults, [field]: window }, { directive })),
  }));
}

/** Every runtime of the registry whose call starts one child, at its defaults. */
export function defaultRuntimeVariants(directive: string): SweepVariantSpec[] {
  return ONE_CHILD_RUNTIMES.map((runtime) => ({
    label: runtime.policy,
    request: parseForkRequest(runtime.controls.toRequest(runtime.controls.defaults, { directive })),
  }));
}

export interface SweepInput {
  parent: ParentTranscript;
  variants: readonly SweepVariantSpec[];
  checks: readonly OutputCheck[];
  model: () => LanguageModel;
  /** Before each variant (done so far, total, the next one's label); once more at the end. */
  onProgress?: (done: number, total: number, label: string) => void;
  onVariant?: (result: SweepVariantResult) => void;
  /** Stop between children (the caller went away). */
  signal?: AbortSignal;
}

async function runVariant(input: SweepInput, spec: SweepVariantSpec, index: number, budget: RegexBudget): Promise<SweepVariantResult> {
  const { label, request } = spec;
  // Planned where the runtime snapshots a call in flight: its message last, as the playground plans.
  const { transcript, request: atCall } = withAgentCall(input.parent, request);
  const plan = planFork(transcript, atCall);
  if (plan.errors.length > 0) return { label, request, status: 'rejected', initialMessages: 0, checks: [], errors: plan.errors.map((error) => error.message) };
  if (plan.child === null) return { label, request, status: 'not-a-fork', initialMessages: 0, checks: [] };
  const childId = `sweep-${index}`;
  const bootstrap = buildBootstrapRecord(plan, { childId, parentAgentId: transcript.profile.agentId });
  const base = { label, request, initialMessages: plan.child.initialMessages.length, sharedPrefixMessages: plan.cache?.sharedMessages ?? 0 };
  try {
    const result = await generateText({
      model: input.model(),
      system: bootstrap.systemInstruction,
      messages: reviveChildHistory(bootstrap, [], childId),
      // System and developer messages a runtime keeps in its history (Codex forks them) are sent where they stood.
      allowSystemInMessages: true,
      maxRetries: 0,
      ...(input.signal === undefined ? {} : { abortSignal: input.signal }),
    });
    const outputTokens = result.usage.outputTokens ?? 0;
    const checks = runOutputChecks(input.checks, result.text, outputTokens, budget);
    const usage = readStepUsage(result.usage);
    return {
      ...base,
      status: checks.every((check) => check.passed) ? 'passed' : 'failed',
      inputTokens: result.usage.inputTokens ?? 0,
      outputTokens,
      ...(usage === null ? {} : { usage }),
      output: result.text,
      checks,
    };
  } catch (error) {
    if (input.signal?.aborted) throw error;
    // One child's provider failure is that variant's result; the sweep goes on.
    return { ...base, status: 'error', checks: [], errors: [error instanceof Error ? error.message : String(error)] };
  }
}

/**
 * A sweep: each variant planned as the playground plans it and, when the runtime accepts it, run
 * once against the model with the same directive; its final output is checked. Children run one
 * after another, each answering from its inherited history without tools.
 */
export async function runSweep(input: SweepInput): Promise<SweepResult> {
  if (input.variants.length === 0 || input.variants.length > MAX_SWEEP_VARIANTS) {
    throw new SweepSetupError(`a sweep tries 1 to ${MAX_SWEEP_VARIANTS} forks (got ${input.variants.length})`);
  }
  const variants: SweepVariantResult[] = [];
  const budget = new RegexBudget();
  for (const [index, spec] of input.variants.entries()) {
    input.signal?.throwIfAborted();
    input.onProgress?.(index, input.variants.length, spec.label);
    const result = await runVariant(input, spec, index, budget);
    variants.push(result);
    input.onVariant?.(result);
  }
  input.onProgress?.(input.variants.length, input.variants.length, '');
  const passing = variants.filter((variant) => variant.status === 'passed');
  const byTokens = passing.every((variant) => variant.inputTokens !== undefined && variant.inputTokens > 0);
  const size = (variant: SweepVariantResult) => (byTokens ? variant.inputTokens! : variant.initialMessages);
  const smallest = passing.reduce<SweepVariantResult | null>((best, variant) => (best === null || size(variant) < size(best) ? variant : best), null);
  return { variants, smallestPassing: smallest?.label ?? null };
}
