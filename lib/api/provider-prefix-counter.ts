import { z } from 'zod';
import { anthropicCounting, redactSecrets } from '@/lib/ai/providers';
import type { AnthropicMessagesRequestBody } from '@/lib/export/anthropic-messages-request';
import { HttpError } from '@/lib/http/http-error';
import { countAnthropicTokens, ProviderCountError } from '@/lib/provider-cache/anthropic-token-count';
import type { CountMessagesBody } from '@/lib/traffic/provider-token-anchors';

type Env = Record<string, string | undefined>;

/** `count=anthropic` in a timeline's query: measure Anthropic's requests with its own tokenizer. */
export const countQuery = z.enum(['anthropic'], { error: 'count must be "anthropic" (or left out to count offline)' }).optional();

/**
 * Anthropic's `count_tokens` for the timeline, with the server's key, each body under its own
 * model. A body Anthropic refuses to count (400: a prefix cut between a tool call and its result)
 * is left to the offline scale; any other error stops the counting, its message with the key
 * redacted. 409 `no-provider-key` when the server has no key.
 */
export function anthropicPrefixCounter(env: Env, options: { fetch?: typeof fetch; signal?: AbortSignal } = {}): CountMessagesBody {
  const account = anthropicCounting(env);
  if (account === null)
    throw new HttpError(
      409,
      'no-provider-key',
      'No Anthropic key is configured on this server (ANTHROPIC_API_KEY): the counts stay offline, scaled to each reported total.',
    );
  return async (body) => {
    try {
      return await countAnthropicTokens({ ...body, model: typeof body.model === 'string' ? body.model : account.model } as AnthropicMessagesRequestBody, {
        apiKey: account.apiKey,
        ...(account.baseURL === undefined ? {} : { baseURL: account.baseURL }),
        ...options,
      });
    } catch (error) {
      if (error instanceof ProviderCountError && error.status === 400) return null;
      const message =
        error instanceof ProviderCountError ? `Anthropic answered ${error.status}: ${error.message}` : error instanceof Error ? error.message : String(error);
      throw new Error(redactSecrets(message, env));
    }
  };
}

/** The counter a timeline request asked for (`?count=`), or none: counted offline. */
export function requestedCounter(
  count: 'anthropic' | undefined,
  env: Env,
  request: Request,
  fetchImpl: typeof fetch | undefined,
): CountMessagesBody | undefined {
  if (count === undefined) return undefined;
  return anthropicPrefixCounter(env, { signal: request.signal, ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }) });
}
