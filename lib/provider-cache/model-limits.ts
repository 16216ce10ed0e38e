import type { ModelCacheRule, RuleSource } from './provider-rules';

/** How much one request to a model may hold, and where that was read. */
export interface ModelLimits {
  /** Input and answer together, in tokens. */
  contextWindow: number | null;
  /** Where the input alone is capped below the window (GPT-5: 272,000 of 400,000). */
  maxInput?: number;
  /** The longest answer. */
  maxOutput: number | null;
  limits: RuleSource;
}

const CHECKED = '2026-12-03';
const official = (url: string): RuleSource => ({ url, checked: CHECKED });
const copied = (url: string): RuleSource => ({ url, checked: CHECKED, thirdParty: true });
const disputed = (url: string): RuleSource => ({ url, checked: CHECKED, uncertain: true });
const claimed = (url: string): RuleSource => ({ url, checked: CHECKED, thirdParty: true, uncertain: true });

const claude = (page: string) => official(`https://platform.claude.com/docs/en/models/${page}/overview`);
const ANTHROPIC_LEGACY = copied('https://docs.anthropic.com/en/docs/legacy-model-guide');
const openai = (model: string) => copied(`https://developers.openai.com/api/docs/models/${model}`);
const DEEPSEEK = official('https://api-docs.deepseek.com/quick_start/pricing');
const GEMINI = (model: string) => official(`https://ai.google.dev/gemini-api/docs/models/${model}`);

const limits = (contextWindow: number | null, maxOutput: number | null, source: RuleSource, maxInput?: number): ModelLimits => ({
  contextWindow,
  maxOutput,
  limits: source,
  ...(maxInput === undefined ? {} : { maxInput }),
});

/**
 * Each priced model's context window and longest answer, as its provider's model page gives them
 * ("1M" read as 1,000,000, "200K" as 200,000). A page read from a public copy rather than the
 * provider's own site is third party; where copies disagree it is uncertain. A model a provider
 * retired keeps its figures: traffic from before still names it.
 */
export const MODEL_LIMITS: Readonly<Record<string, ModelLimits>> = {
  'claude-opus-4-6': limits(1_000_000, 128_000, claude('opus-4-6')),
  // Retired 2026-08-05.
  'claude-opus-4-1': limits(200_000, 32_000, ANTHROPIC_LEGACY),
  // 1M behind the context-1m-2025-08-07 beta header; retired 2026-06-15.
  'claude-sonnet-4': limits(200_000, 64_000, ANTHROPIC_LEGACY),
  // Retired 2026-02-19.
  'claude-3-5-haiku': limits(200_000, 8_192, ANTHROPIC_LEGACY),
  'claude-haiku-4-5': limits(200_000, 64_000, claude('haiku-4-5')),
  // Deprecated; its page says it retires on 2026-11-30.
  'claude-sonnet-4-5': limits(200_000, 64_000, claude('sonnet-4-5')),
  // Its page says 128K now; an earlier one said 64K.
  'claude-sonnet-4-6': limits(1_000_000, 128_000, disputed('https://platform.claude.com/docs/en/models/sonnet-4-6/overview')),
  'claude-opus-4-8': limits(1_000_000, 128_000, claude('opus-4-8')),
  'claude-opus-5': limits(1_000_000, 128_000, official('https://platform.claude.com/docs/about-claude/models/whats-new-opus-5')),
  'claude-sonnet-5': limits(1_000_000, 128_000, claude('sonnet-5')),
  'claude-sonnet-5-5': limits(1_000_000, 128_000, claude('sonnet-5-5')),
  'claude-fable-5-1': limits(1_000_000, 128_000, claude('fable-5-1')),
  'gpt-4.1': limits(1_047_576, 32_768, openai('gpt-4.1')),
  'gpt-4o': limits(128_000, 16_384, openai('gpt-4o')),
  'gpt-4o-mini': limits(128_000, 16_384, openai('gpt-4o-mini')),
  // 400,000 in all, of which at most 272,000 input; shut down on 2026-12-11.
  'gpt-5': limits(400_000, 128_000, openai('gpt-5'), 272_000),
  // Past 272,000 input tokens the long-context tier bills input 2× and output 1.5×.
  'gpt-5.5': limits(1_050_000, 128_000, openai('gpt-5.5')),
  'gpt-5.6-terra': limits(1_050_000, 128_000, openai('gpt-5.6-terra')),
  // The gpt-5.6 alias is gpt-5.6-sol.
  'gpt-5.6': limits(1_050_000, 128_000, openai('gpt-5.6-sol')),
  'gpt-5.6-sol': limits(1_050_000, 128_000, openai('gpt-5.6-sol')),
  // 922,000 input at most, as copies of Google Cloud's documentation say.
  'gpt-6.1-terra': limits(1_050_000, 128_000, claimed('https://developers.openai.com/api/docs/models/gpt-6.1-terra'), 922_000),
  // Google's Vertex page calls 65,535 the default; retired, its requests routed to newer models.
  'gemini-2.5-flash': limits(1_048_576, 65_535, copied('https://docs.cloud.google.com/vertex-ai/generative-ai/docs/models/gemini/2-5-flash')),
  'gemini-2.5-pro': limits(1_048_576, 65_535, copied('https://docs.cloud.google.com/vertex-ai/generative-ai/docs/models/gemini/2-5-pro')),
  'gemini-3.5-flash': limits(1_048_576, 65_536, GEMINI('gemini-3.5-flash')),
  'deepseek-flash': limits(1_000_000, 384_000, DEEPSEEK),
  'deepseek-v4-flash': limits(1_000_000, 384_000, DEEPSEEK),
  'deepseek-v4-pro': limits(1_000_000, 384_000, DEEPSEEK),
  // Retired on 2026-07-24 (routed to deepseek-v4-flash before): no window of their own any more.
  'deepseek-chat': limits(null, null, official('https://api-docs.deepseek.com/news/news260424')),
  'deepseek-reasoner': limits(null, null, official('https://api-docs.deepseek.com/news/news260424')),
  // No Moonshot page gives K3's limits; copies of others' catalogues say 1,048,576 and disagree on the answer.
  'kimi-k3': limits(1_048_576, null, claimed('https://docs.apiyi.com/models/kimi-k3.md')),
  'kimi-k2.6': limits(262_144, null, official('https://platform.kimi.com/docs/pricing/chat-k26')),
  'qwen-plus': limits(1_000_000, 32_768, claimed('https://wavespeed.ai/zh-CN/llm/qwen/qwen-plus-2025-07-28')),
  // The catalogue the price comes from.
  'qwen3-coder-plus': limits(
    1_000_000,
    65_536,
    claimed('https://github.com/anomalyco/models.dev/blob/0654d77cad6b9536b8bafcc23ebd92232a82be77/providers/alibaba/models/qwen3-coder-plus.toml'),
  ),
};

/** A model's limits: a workspace's own where its edit gives them, Fork Lab's table's otherwise; null when neither knows. */
export function modelLimits(model: ModelCacheRule): ModelLimits | null {
  if (model.contextWindow !== undefined && model.limits !== undefined) {
    return {
      contextWindow: model.contextWindow,
      maxOutput: model.maxOutput ?? null,
      limits: model.limits,
      ...(model.maxInput === undefined ? {} : { maxInput: model.maxInput }),
    };
  }
  return MODEL_LIMITS[model.model] ?? null;
}
