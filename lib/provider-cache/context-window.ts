import { modelLimits } from './model-limits';
import type { AcceptanceFinding } from './provider-acceptance';
import type { ModelCacheRule } from './provider-rules';

/**
 * Within this share below its bound, an o200k estimate cannot tell which side of it the provider's
 * own count falls: the tokenizers differ by more than that.
 */
export const ESTIMATE_MARGIN = 0.1;

const count = (tokens: number) => tokens.toLocaleString('en-US');

/**
 * Whether a request of `inputTokens` (Fork Lab's o200k estimate) fits the model: past its input
 * bound the provider refuses it before reading a token, so no cache or price applies; close below
 * it, only the provider's own count can tell. Null when it fits, or nobody published the bound.
 */
export function contextWindowFinding(model: ModelCacheRule, inputTokens: number): AcceptanceFinding | null {
  const known = modelLimits(model);
  const bound = known === null ? null : (known.maxInput ?? known.contextWindow);
  if (known === null || bound === null) return null;
  const what =
    known.maxInput === undefined ? `its context window, input and answer together` : `input, of a ${count(known.contextWindow ?? bound)}-token window`;
  const over = inputTokens > bound;
  if (!over && inputTokens <= bound * (1 - ESTIMATE_MARGIN)) return null;
  return {
    kind: 'context-window',
    verdict: over ? 'refuses' : 'unknown',
    messageIndex: null,
    count: 1,
    detail: over
      ? `about ${count(inputTokens)} input tokens; ${model.model} takes at most ${count(bound)} (${what})`
      : `about ${count(inputTokens)} input tokens, within ${ESTIMATE_MARGIN * 100}% of the ${count(bound)} ${model.model} takes (${what}): its own count decides`,
    source: known.limits,
  };
}
