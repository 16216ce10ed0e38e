import 'server-only';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import { createOfflineModel } from './offline/offline-model';

/** A model a person can pick, without anything secret in it. */
export interface ModelOption {
  id: string;
  label: string;
  provider: 'offline' | 'openai' | 'anthropic' | 'openai-compatible';
  /** True for the built-in model: same input, same output, no network. */
  deterministic: boolean;
}

export class UnknownModelError extends Error {
  override readonly name = 'UnknownModelError';
  constructor(id: string, known: readonly ModelOption[]) {
    super(`There is no configured model "${id}". Configured: ${known.map((model) => model.id).join(', ')}.`);
  }
}

export const OFFLINE_MODEL_OPTION: ModelOption = {
  id: 'offline',
  label: 'Fork Lab offline (deterministic local model)',
  provider: 'offline',
  deterministic: true,
};

type Env = Record<string, string | undefined>;

/** The model each provider's key runs unless its `*_MODEL` names another: priced and bounded in the provider rules. */
export const CONFIGURED_MODEL_DEFAULTS = { openai: 'gpt-4o-mini', anthropic: 'claude-sonnet-5-5' } as const;

/** The models this server can run, from its environment (see `.env.example`). */
export function configuredModels(env: Env = process.env): ModelOption[] {
  const models: ModelOption[] = [OFFLINE_MODEL_OPTION];
  if (env.OPENAI_API_KEY) {
    const model = env.OPENAI_MODEL || CONFIGURED_MODEL_DEFAULTS.openai;
    models.push({ id: `openai:${model}`, label: `OpenAI · ${model}`, provider: 'openai', deterministic: false });
  }
  if (env.ANTHROPIC_API_KEY) {
    const model = anthropicCounting(env)!.model;
    models.push({ id: `anthropic:${model}`, label: `Anthropic · ${model}`, provider: 'anthropic', deterministic: false });
  }
  if (env.OPENAI_COMPATIBLE_BASE_URL && env.OPENAI_COMPATIBLE_MODEL) {
    const name = env.OPENAI_COMPATIBLE_NAME || 'compatible';
    models.push({
      id: `compatible:${env.OPENAI_COMPATIBLE_MODEL}`,
      label: `${name} · ${env.OPENAI_COMPATIBLE_MODEL} (${new URL(env.OPENAI_COMPATIBLE_BASE_URL).host})`,
      provider: 'openai-compatible',
      deterministic: false,
    });
  }
  return models;
}

/** Hosts of OpenAI-compatible endpoints whose cache rules Fork Lab knows, by the provider they belong to. */
const COMPATIBLE_HOSTS: readonly [RegExp, ProviderId][] = [
  [/(^|\.)deepseek\.com$/, 'deepseek'],
  [/(^|\.)(moonshot\.(ai|cn)|kimi\.(ai|com))$/, 'kimi'],
  [/(^|\.)aliyuncs\.com$/, 'qwen'],
  [/(^|\.)generativelanguage\.googleapis\.com$/, 'gemini'],
];

/**
 * Whose prompt cache a configured model's requests go through, and under which model name, for
 * the cache forecast; null for the offline model and for a compatible endpoint of unknown origin.
 */
export function cacheTargetOf(id: string, env: Env = process.env): { provider: ProviderId; model: string } | null {
  const option = configuredModels(env).find((model) => model.id === id);
  const model = id.slice(id.indexOf(':') + 1);
  switch (option?.provider) {
    case 'openai':
    case 'anthropic':
      return { provider: option.provider, model };
    case 'openai-compatible': {
      const host = new URL(env.OPENAI_COMPATIBLE_BASE_URL!).hostname;
      const provider = COMPATIBLE_HOSTS.find(([pattern]) => pattern.test(host))?.[1];
      return provider === undefined ? null : { provider, model };
    }
    default:
      return null;
  }
}

/** Anthropic's key and model when one is configured: the preview can then have Anthropic count a request. */
export function anthropicCounting(env: Env = process.env): { apiKey: string; model: string; baseURL?: string } | null {
  if (!env.ANTHROPIC_API_KEY) return null;
  return {
    apiKey: env.ANTHROPIC_API_KEY,
    model: env.ANTHROPIC_MODEL || CONFIGURED_MODEL_DEFAULTS.anthropic,
    ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
  };
}

/** The language model behind a configured id. Creating one does no network I/O. */
export function languageModel(id: string, env: Env = process.env): LanguageModel {
  const known = configuredModels(env);
  const option = known.find((model) => model.id === id);
  if (option === undefined) throw new UnknownModelError(id, known);
  const modelId = id.slice(id.indexOf(':') + 1);
  switch (option.provider) {
    case 'offline':
      return createOfflineModel({ streamDelayMs: Number(env.FORK_LAB_OFFLINE_STREAM_DELAY_MS ?? 15) || 0 });
    case 'openai':
      return createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL || undefined }).chat(modelId);
    case 'anthropic':
      return createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, baseURL: env.ANTHROPIC_BASE_URL || undefined })(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: env.OPENAI_COMPATIBLE_NAME || 'compatible',
        baseURL: env.OPENAI_COMPATIBLE_BASE_URL!,
        apiKey: env.OPENAI_COMPATIBLE_API_KEY || undefined,
      }).chatModel(modelId);
  }
}

/**
 * A message safe to show or log: every configured secret replaced. Provider errors sometimes echo
 * request details; keys must never reach a browser, a log line or the journal.
 */
export function redactSecrets(text: string, env: Env = process.env): string {
  let safe = text;
  // Base URLs too: some gateways take their credential in the URL.
  for (const name of [
    'OPENAI_API_KEY',
    'ANTHROPIC_API_KEY',
    'OPENAI_COMPATIBLE_API_KEY',
    'OPENAI_BASE_URL',
    'ANTHROPIC_BASE_URL',
    'OPENAI_COMPATIBLE_BASE_URL',
  ]) {
    const secret = env[name];
    if (secret && secret.length >= 4) safe = safe.split(secret).join('[redacted]');
  }
  return safe.replace(/\b(sk-(?:ant-)?[A-Za-z0-9_-]{8,})\b/g, '[redacted]');
}
