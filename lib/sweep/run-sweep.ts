import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateText } from 'ai';
import {
  buildBootstrapRecord,
  type ForkPolicy,
  type ForkRequest,
  type ParentTranscript,
  parseForkRequest,
  planFork,
  reviveChildHistory,
  runtimeOf,
} from '@/lib/fork';
import { withAgentCall } from '@/lib/fork-service/agent-call';
import { type CheckResult, type OutputCheck, runOutputChecks } from './output-check';

export class SweepSetupError extends Error {
  override readonly name = 'SweepSetupError';
}

export interface SweepVariantResult {
  /** The window as the runtime's field spells it (`3`, `all`). */
  window: string;
  request: ForkRequest;
  status: 'passed' | 'failed' | 'rejected' | 'not-a-fork';
  /** Messages the child starts with. */
  initialMessages: number;
  inputTokens?: number;
  outputTokens?: number;
  output?: string;
  checks: CheckResult[];
  /** The runtime's words, for a call it rejects. */
  errors?: string[];
}

export interface SweepResult {
  policy: ForkPolicy;
  variants: SweepVariantResult[];
  /** The passing variant whose child starts with the fewest messages (the first such, on a tie); null when none passes. */
  smallestPassing: string | null;
}

export interface SweepInput {
  parent: ParentTranscript;
  policy: ForkPolicy;
  /** Values of the runtime's window field, in the order to run them. */
  windows: readonly string[];
  directive: string;
  checks: readonly OutputCheck[];
  model: () => LanguageModelV3;
  onProgress?: (done: number, total: number, window: string) => void;
}

/**
 * A window sweep: one fork per window of the runtime's window field (Qwen's `fork_turns`, say),
 * each planned as the playground plans it and, when the runtime accepts it, run once against the
 * model with the same directive; its final output is checked. Children run one after another, each
 * answering from its inherited history without tools.
 */
export async function runSweep(input: SweepInput): Promise<SweepResult> {
  const { controls } = runtimeOf(input.policy);
  if (controls.window === undefined) throw new SweepSetupError(`${input.policy} has no window to sweep: it always inherits the same history`);
  const field = controls.window.field;
  const variants: SweepVariantResult[] = [];
  for (const [index, window] of input.windows.entries()) {
    input.onProgress?.(index, input.windows.length, window);
    const request = parseForkRequest(controls.toRequest({ ...controls.defaults, [field]: window }, { directive: input.directive }));
    const { transcript } = withAgentCall(input.parent, request);
    const plan = planFork(transcript, request);
    if (plan.errors.length > 0) {
      variants.push({ window, request, status: 'rejected', initialMessages: 0, checks: [], errors: plan.errors.map((error) => error.message) });
      continue;
    }
    if (plan.child === null) {
      variants.push({ window, request, status: 'not-a-fork', initialMessages: 0, checks: [] });
      continue;
    }
    const childId = `sweep-${index}`;
    const bootstrap = buildBootstrapRecord(plan, { childId, parentAgentId: transcript.profile.agentId });
    const result = await generateText({
      model: input.model(),
      system: bootstrap.systemInstruction,
      messages: reviveChildHistory(bootstrap, [], childId),
      maxRetries: 0,
    });
    const outputTokens = result.usage.outputTokens ?? 0;
    const checks = runOutputChecks(input.checks, result.text, outputTokens);
    variants.push({
      window,
      request,
      status: checks.every((check) => check.passed) ? 'passed' : 'failed',
      initialMessages: plan.child.initialMessages.length,
      inputTokens: result.usage.inputTokens ?? 0,
      outputTokens,
      output: result.text,
      checks,
    });
  }
  input.onProgress?.(input.windows.length, input.windows.length, '');
  const passing = variants.filter((variant) => variant.status === 'passed');
  const smallest = passing.reduce<SweepVariantResult | null>(
    (best, variant) => (best === null || variant.initialMessages < best.initialMessages ? variant : best),
    null,
  );
  return { policy: input.policy, variants, smallestPassing: smallest?.window ?? null };
}
