/**
 * How each provider's prompt cache works and what it charges, as data: every row names its source
 * and the day someone last read it there. Prices are US dollars per million tokens. A price or rule
 * nobody could verify is `null` and shown as unknown, never guessed. To update a row, read its
 * source again, change the figures and the `checked` date together (README, "Provider cache rules").
 */

export type ProviderId = 'anthropic' | 'openai' | 'gemini' | 'deepseek' | 'kimi' | 'qwen';

/** Where a fact comes from. */
export interface RuleSource {
  url: string;
  /** The day the source was last read (YYYY-MM-DD). */
  checked: string;
  /** Measured or restated by someone other than the provider. */
  thirdParty?: true;
  /** Sources disagree, or the figure is inferred: the UI says so beside it. */
  uncertain?: true;
}

/**
 * How a provider decides what a request may read from its cache.
 * - `breakpoints`: only prefixes ending at a marked block are written; a request reads one found
 *   at one of its own breakpoints or up to `lookbackBlocks` blocks before one (Anthropic).
 * - `prefix`: any earlier request's prefix is written; hits count in `stepTokens` steps (OpenAI's 128,
 *   Kimi's measured 256) or exactly when `stepTokens` is null.
 * - `prefix-units`: only whole "cache prefix units" hit: each request writes one at the end of its
 *   input and one at the end of the model's output (DeepSeek).
 */
export type CacheMechanism =
  | { kind: 'breakpoints'; maxBreakpoints: number; lookbackBlocks: number }
  | { kind: 'prefix'; stepTokens: number | null }
  | { kind: 'prefix-units' };

/** A provider's rule and its cache's lifetime. */
export interface ProviderCacheRule {
  provider: ProviderId;
  name: string;
  mechanism: CacheMechanism;
  /**
   * Seconds an unused cached prefix lives; null when the provider does not say. Every provider that
   * gives a lifetime starts it again on a hit, so a hit refreshes what it read.
   */
  ttlSeconds: number | null;
  /**
   * The order the provider caches a request's head in. Anthropic documents tools, then system;
   * the others are taken to render the system text first and the tools after it, as their chat
   * templates do (inferred, not documented).
   */
  prefixOrder: 'tools-system' | 'system-tools';
  /**
   * Whether the provider's usage reports (and bills) what a request writes to the cache. Where it
   * does not, a request stores its prefix for later requests but pays and reports it as uncached.
   */
  reportsWrites: boolean;
  /** Longer lifetimes a request can ask for, in words (shown, not modelled). */
  ttlOptions: string;
  /** How the provider's usage reports cache reads and writes. */
  usageFields: string;
  source: RuleSource;
}

/** One model: its prices, its minimum cacheable prefix, and where each came from. */
export interface ModelCacheRule {
  provider: ProviderId;
  model: string;
  /** Fewer shared tokens than this are never cached. */
  minimumTokens: number;
  /** Overrides the provider's step (OpenAI rounds to 128 only before GPT-5.6). */
  stepTokens?: number | null;
  /** Overrides whether writes are reported and billed (OpenAI's are from GPT-5.6). */
  reportsWrites?: boolean;
  input: number | null;
  cachedInput: number | null;
  /** Writing a prefix to the cache, per token written; the input price when writes cost nothing extra. */
  cacheWrite: number | null;
  output: number | null;
  prices: RuleSource;
  minimum: RuleSource;
  /**
   * A request's bounds where a workspace's edit sets them; left out, Fork Lab's table of model
   * limits (model-limits.ts) applies.
   */
  contextWindow?: number | null;
  maxInput?: number;
  maxOutput?: number | null;
  limits?: RuleSource;
}

export interface ProviderRules {
  providers: ProviderCacheRule[];
  models: ModelCacheRule[];
  /** The model each provider is shown with until a person picks another. */
  defaults: Record<ProviderId, string>;
}

const CHECKED = '2026-12-01';
const official = (url: string): RuleSource => ({ url, checked: CHECKED });
const measured = (url: string): RuleSource => ({ url, checked: CHECKED, thirdParty: true });
const disputed = (url: string, thirdParty = false): RuleSource => ({
  url,
  checked: CHECKED,
  uncertain: true,
  ...(thirdParty ? { thirdParty: true as const } : {}),
});

const ANTHROPIC_PRICING = official('https://platform.claude.com/docs/en/about-claude/pricing');
const ANTHROPIC_MINIMUMS = official('https://github.com/anthropics/anthropic-sdk-python/issues/1194');
const ANTHROPIC_NEW_MINIMUMS = measured('https://docs.litellm.ai/docs/completion/prompt_caching.md');
const OPENAI_CACHING = official('https://developers.openai.com/api/docs/guides/prompt-caching.md');
const DEEPSEEK_PRICING = official('https://api-docs.deepseek.com/quick_start/pricing');
const DEEPSEEK_UNITS = official('https://api-docs.deepseek.com/guides/kv_cache.md');
const KIMI_PRICES = measured('https://github.com/siml1169/kimi-copilot-provider_k3');
const KIMI_CHUNKS = measured('https://raw.githubusercontent.com/Leechael/pi-provider-kimi-code/main/docs/caching.md');
const GEMINI_MINIMUMS = disputed('https://ai.google.dev/gemini-api/docs/caching?authuser=7&hl=en');
const QWEN_CACHE = disputed('https://www.alibabacloud.com/help/en/model-studio/context-cache');
const QWEN_PRICES = measured('https://github.com/anomalyco/models.dev/blob/776c07c3219c506298fd408f6775f4d7fe87d907/providers/alibaba/models/qwen-plus.toml');
const unverified = (url: string): RuleSource => disputed(url);
const GEMINI_PRICING = unverified('https://ai.google.dev/gemini-api/docs/pricing');

type Prices = [input: number | null, cachedInput: number | null, cacheWrite: number | null, output: number | null];
const UNKNOWN_PRICES: Prices = [null, null, null, null];

/** `explicitWrites`: a model that counts hits exactly and reports and bills its writes (OpenAI from GPT-5.6). */
function row(
  provider: ProviderId,
  model: string,
  minimumTokens: number,
  [input, cachedInput, cacheWrite, output]: Prices,
  prices: RuleSource,
  minimum: RuleSource,
  explicitWrites?: true,
): ModelCacheRule {
  return {
    provider,
    model,
    minimumTokens,
    ...(explicitWrites ? { stepTokens: null, reportsWrites: true } : {}),
    input,
    cachedInput,
    cacheWrite,
    output,
    prices,
    minimum,
  };
}

export const PROVIDER_RULES: ProviderRules = {
  providers: [
    {
      provider: 'anthropic',
      name: 'Anthropic',
      mechanism: { kind: 'breakpoints', maxBreakpoints: 4, lookbackBlocks: 20 },
      ttlSeconds: 300,
      prefixOrder: 'tools-system',
      reportsWrites: true,
      ttlOptions: '5 minutes, refreshed free on each hit; 1 hour with "ttl": "1h" (written at 2× input)',
      usageFields: 'usage.cache_read_input_tokens, cache_creation_input_tokens, input_tokens (after the last breakpoint)',
      source: official('https://platform.claude.com/docs/en/build-with-claude/prompt-caching'),
    },
    {
      provider: 'openai',
      name: 'OpenAI',
      mechanism: { kind: 'prefix', stepTokens: 128 },
      // 24 hours is the default retention for organisations without zero data retention, and the only one from gpt-5.5.
      ttlSeconds: 86_400,
      prefixOrder: 'system-tools',
      reportsWrites: false,
      ttlOptions:
        '"24h" retention: the default, and the only one from gpt-5.5; in memory (cleared after 5–10 minutes idle) for zero-data-retention organisations',
      usageFields: 'usage.prompt_tokens_details.cached_tokens (Chat) or input_tokens_details.cached_tokens (Responses), cache_write_tokens',
      source: OPENAI_CACHING,
    },
    {
      provider: 'gemini',
      name: 'Google Gemini',
      mechanism: { kind: 'prefix', stepTokens: null },
      ttlSeconds: null,
      prefixOrder: 'system-tools',
      reportsWrites: false,
      ttlOptions: 'implicit caching gives no lifetime; explicit caches live 1 hour unless "ttl" says otherwise',
      usageFields: 'usageMetadata.cachedContentTokenCount (promptTokenCount includes it)',
      source: official('https://ai.google.dev/gemini-api/docs/caching'),
    },
    {
      provider: 'deepseek',
      name: 'DeepSeek',
      mechanism: { kind: 'prefix-units' },
      ttlSeconds: null,
      prefixOrder: 'system-tools',
      // Every miss is stored as units and reported as prompt_cache_miss_tokens.
      reportsWrites: true,
      ttlOptions: 'on disk; DeepSeek does not publish a lifetime',
      usageFields: 'usage.prompt_cache_hit_tokens, prompt_cache_miss_tokens',
      source: DEEPSEEK_UNITS,
    },
    {
      provider: 'kimi',
      name: 'Kimi (Moonshot)',
      mechanism: { kind: 'prefix', stepTokens: 256 },
      ttlSeconds: 300,
      prefixOrder: 'system-tools',
      // Kimi bills cache writes as an item of their own, but neither its price nor a usage field for it is published.
      reportsWrites: false,
      ttlOptions: '5 minutes by default; 1 hour through prompt_cache_options',
      usageFields: 'usage.cached_tokens (top level)',
      source: official('https://forum.moonshot.ai/t/context-caching-upgrade-5-min-1-hour-ttl-options/613'),
    },
    {
      provider: 'qwen',
      name: 'Qwen (Alibaba Model Studio)',
      mechanism: { kind: 'prefix', stepTokens: null },
      ttlSeconds: 300,
      prefixOrder: 'system-tools',
      reportsWrites: false,
      ttlOptions: 'implicit cache always on; explicit cache_control blocks live 5 minutes (1 hour on Qwen4)',
      usageFields: 'usage.prompt_tokens_details.cached_tokens, cache_creation_input_tokens (explicit)',
      source: QWEN_CACHE,
    },
  ],
  // provider, model, minimum cacheable tokens, prices (input, cached input, cache write, output), their sources
  models: [
    row('anthropic', 'claude-opus-4-6', 4096, [5, 0.5, 6.25, 25], ANTHROPIC_PRICING, ANTHROPIC_MINIMUMS),
    row('anthropic', 'claude-opus-4-1', 1024, [15, 1.5, 18.75, 75], ANTHROPIC_PRICING, ANTHROPIC_MINIMUMS),
    // The models of the real Claude Code traffic the bench checks (claude-trace, Claude Code 1.0.6).
    row('anthropic', 'claude-sonnet-4', 1024, [3, 0.3, 3.75, 15], ANTHROPIC_PRICING, ANTHROPIC_MINIMUMS),
    row('anthropic', 'claude-3-5-haiku', 2048, [0.8, 0.08, 1, 4], ANTHROPIC_PRICING, ANTHROPIC_MINIMUMS),
    // $1 / $5 from the model table; cache write and read at the documented 1.25× and 0.1× of input.
    row(
      'anthropic',
      'claude-haiku-4-5',
      4096,
      [1, 0.1, 1.25, 5],
      official('https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview'),
      ANTHROPIC_MINIMUMS,
    ),
    // $3 / $15 from its model page; cache write and read at the documented 1.25× and 0.1× of input. Retired 2026-11-30.
    row(
      'anthropic',
      'claude-sonnet-4-5',
      1024,
      [3, 0.3, 3.75, 15],
      { url: 'https://platform.claude.com/docs/en/models/sonnet-4-5/overview', checked: '2026-12-03' },
      ANTHROPIC_MINIMUMS,
    ),
    // Fork Lab's default Anthropic model (ANTHROPIC_MODEL). Its minimum is taken to be Sonnet 5's, which no source states.
    row(
      'anthropic',
      'claude-sonnet-5-5',
      1024,
      [2, 0.2, 2.5, 10],
      { url: 'https://platform.claude.com/docs/en/models/sonnet-5-5/overview', checked: '2026-12-03' },
      { url: 'https://docs.litellm.ai/docs/completion/prompt_caching.md', checked: '2026-12-03', thirdParty: true, uncertain: true },
    ),
    // The models of pydantic-ai's recorded cache tests the bench checks; prices not in the sources read.
    row('anthropic', 'claude-sonnet-4-6', 1024, UNKNOWN_PRICES, unverified('https://platform.claude.com/docs/en/about-claude/pricing'), ANTHROPIC_MINIMUMS),
    // 1,024 like Sonnet, not Opus 4.6's 4,096: its recorded test wrote a 1,590-token prefix.
    row(
      'anthropic',
      'claude-opus-4-8',
      1024,
      UNKNOWN_PRICES,
      unverified('https://platform.claude.com/docs/en/about-claude/pricing'),
      measured('https://dev.to/creeta/claudes-prompt-cache-fails-silently-below-1024-tokens-1ch1'),
    ),
    row('anthropic', 'claude-opus-5', 512, [5, 0.5, 6.25, 25], ANTHROPIC_PRICING, ANTHROPIC_NEW_MINIMUMS),
    row(
      'anthropic',
      'claude-sonnet-5',
      1024,
      [2, 0.2, 2.5, 10],
      official('https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/overview'),
      ANTHROPIC_NEW_MINIMUMS,
    ),
    row('anthropic', 'claude-fable-5-1', 512, [10, 0.25, 12.5, 50], ANTHROPIC_PRICING, measured('https://github.com/BerriAI/litellm/discussions/39163')),
    row(
      'openai',
      'gpt-4.1',
      1024,
      [2, 0.5, 2, 8],
      measured('https://raw.githubusercontent.com/github/docs/main/data/tables/copilot/models-and-pricing.yml'),
      OPENAI_CACHING,
    ),
    row('openai', 'gpt-4o', 1024, [2.5, 1.25, 2.5, 10], measured('https://docs.rs/crate/openai-models/0.1.1/source/src/lib.rs'), OPENAI_CACHING),
    // Fork Lab's default OpenAI model (OPENAI_MODEL); writes cost nothing extra before GPT-5.6.
    row(
      'openai',
      'gpt-4o-mini',
      1024,
      [0.15, 0.075, 0.15, 0.6],
      { url: 'https://developers.openai.com/api/docs/models/gpt-4o-mini', checked: '2026-12-03', thirdParty: true },
      OPENAI_CACHING,
    ),
    row('openai', 'gpt-5', 1024, [1.25, 0.125, 1.25, 10], measured('https://docs.rs/crate/openai-cost/latest/source/src/pricing.rs'), OPENAI_CACHING),
    row('openai', 'gpt-5.5', 1024, [5, 0.5, 5, 30], measured('https://www.morphllm.com/openai-api-pricing'), OPENAI_CACHING),
    // From GPT-5.6 hits are not rounded to 128-token steps, and writes cost 1.25× input.
    row(
      'openai',
      'gpt-5.6-terra',
      1024,
      [2, 0.2, 2.5, 12],
      measured('https://docs.laozhang.ai/en/announcements/gpt-5-6-pricing-2026-07.md'),
      OPENAI_CACHING,
      true,
    ),
    // Recorded by pydantic-ai's tests: a hit of 4,012 of 4,020 tokens (no 128-token step) and the write reported.
    row('openai', 'gpt-5.6', 1024, UNKNOWN_PRICES, unverified('https://developers.openai.com/api/docs/pricing'), OPENAI_CACHING, true),
    row('openai', 'gpt-5.6-sol', 1024, UNKNOWN_PRICES, unverified('https://developers.openai.com/api/docs/pricing'), OPENAI_CACHING, true),
    row('openai', 'gpt-6.1-terra', 1024, [1, 0.05, 1.25, 5], measured('https://apidog.com/de/blog/gpt-6-1-terra-pricing/'), OPENAI_CACHING, true),
    // No minimum seen: pydantic-ai's recorded tests read 204 and 594 cached tokens of 373- and 859-token prompts.
    row('gemini', 'gemini-2.5-flash', 0, UNKNOWN_PRICES, GEMINI_PRICING, measured('https://github.com/pydantic/pydantic-ai/tree/main/tests/models/cassettes')),
    row('gemini', 'gemini-2.5-pro', 2048, UNKNOWN_PRICES, GEMINI_PRICING, GEMINI_MINIMUMS),
    row('gemini', 'gemini-3.5-flash', 4096, UNKNOWN_PRICES, GEMINI_PRICING, GEMINI_MINIMUMS),
    // Peak-hour prices; off-peak ones are half (DeepSeek's pricing page).
    row('deepseek', 'deepseek-flash', 0, [0.3, 0.006, 0.3, 1.2], DEEPSEEK_PRICING, DEEPSEEK_UNITS),
    // The model of the real DeepSeek traffic the bench checks (Claude Code and OpenCode through DeepSeek's Anthropic API).
    // Every hit it reported is a multiple of 128 tokens (June 2026): a unit is read in 128-token blocks.
    // The name is deepseek-flash's old one: the pricing page (checked 2026-12-03) serves and bills it as deepseek-flash.
    {
      ...row('deepseek', 'deepseek-v4-flash', 0, [0.3, 0.006, 0.3, 1.2], DEEPSEEK_PRICING, DEEPSEEK_UNITS),
      stepTokens: 128,
    },
    // The model of mini-swe-agent's DeepSeek run the bench checks (Chat Completions through LiteLLM).
    // Every hit it reported is a multiple of 64 tokens (April 2026), and so are deepseek-reasoner's.
    { ...row('deepseek', 'deepseek-chat', 0, UNKNOWN_PRICES, unverified('https://api-docs.deepseek.com/quick_start/pricing'), DEEPSEEK_UNITS), stepTokens: 64 },
    {
      ...row('deepseek', 'deepseek-reasoner', 0, UNKNOWN_PRICES, unverified('https://api-docs.deepseek.com/quick_start/pricing'), DEEPSEEK_UNITS),
      stepTokens: 64,
    },
    row('deepseek', 'deepseek-v4-pro', 0, [1.32, 0.044, 1.32, 3.96], DEEPSEEK_PRICING, DEEPSEEK_UNITS),
    row('kimi', 'kimi-k3', 0, [3, 0.3, null, 15], KIMI_PRICES, KIMI_CHUNKS),
    row('kimi', 'kimi-k2.6', 0, [0.95, 0.16, null, 4], KIMI_PRICES, KIMI_CHUNKS),
    // Singapore's lowest tier (0–256K input tokens a request), from a catalogue of Alibaba's prices: Alibaba
    // publishes no USD table for 2026; its context-cache page (2026-10-11) bills an implicit hit at 20 % of input.
    row('qwen', 'qwen-plus', 256, [0.4, 0.08, 0.4, 1.2], QWEN_PRICES, QWEN_CACHE),
    // Qwen Code's default model; the same catalogue, its lowest tier (0–32K input tokens a request).
    row(
      'qwen',
      'qwen3-coder-plus',
      256,
      [1, 0.2, 1, 5],
      measured('https://github.com/anomalyco/models.dev/blob/0654d77cad6b9536b8bafcc23ebd92232a82be77/providers/alibaba/models/qwen3-coder-plus.toml'),
      QWEN_CACHE,
    ),
  ],
  defaults: {
    anthropic: 'claude-opus-4-6',
    openai: 'gpt-5',
    gemini: 'gemini-2.5-flash',
    deepseek: 'deepseek-flash',
    kimi: 'kimi-k3',
    qwen: 'qwen-plus',
  },
};

export const PROVIDER_IDS: readonly ProviderId[] = ['anthropic', 'openai', 'gemini', 'deepseek', 'kimi', 'qwen'];

/** A provider's rule, from the given rules (a workspace's edited copy or the shipped one). */
export function providerRule(rules: ProviderRules, provider: ProviderId): ProviderCacheRule {
  const rule = rules.providers.find((entry) => entry.provider === provider);
  if (rule === undefined) throw new Error(`No cache rule for provider ${provider}.`);
  return rule;
}

/** The model a provider is shown with: the default, or the provider's first model when that is gone. */
export function defaultModelRule(rules: ProviderRules, provider: ProviderId): ModelCacheRule | undefined {
  const models = rules.models.filter((entry) => entry.provider === provider);
  return models.find((entry) => entry.model === rules.defaults[provider]) ?? models[0];
}
