import { z } from 'zod';
import { anthropicCounting, redactSecrets } from '@/lib/ai/providers';
import { HttpError } from '@/lib/http/http-error';
import { countAnthropicTokens, ProviderCountError } from '@/lib/provider-cache/anthropic-token-count';
import { requestAllowed } from '@/lib/recording/request-guard';
import type { CountMessagesBody } from '@/lib/traffic/provider-token-anchors';

type Env = Record<string, string | undefined>;

/** `count=anthropic` in a timeline's query: measure Anthropic's requests with its own tokenizer. */
export const countQuery = z.enum(['anthropic'], { error: 'count must be "anthropic" (or left out to count offline)' }).optional();

/** Statuses that refuse one body (it, or its model, cannot be counted), not the counting: 400 and 404. */
const REFUSES_BODY = new Set([400, 404]);
/** Statuses worth a second try after a pause: rate limited (429) and overloaded (529). */
const TRY_AGAIN = new Set([429, 529]);
/** Pauses before the second and third tries: a few seconds in all, so a timeline never waits on a busy API for long. */
export const RETRY_PAUSES_MS = [1_000, 3_000];

/**
 * Anthropic's `count_tokens` for the timeline, with the server's key, each body under its own
 * model. A body Anthropic refuses to count (400: a prefix cut between a tool call and its result,
 * a tool that needs a beta header; 404: a retired model) keeps the offline scale; a rate limit is
 * tried again twice; any other error stops the counting, its message with the key redacted. 409
 * `no-provider-key` when the server has no key.
 */
export function anthropicPrefixCounter(
  env: Env,
  options: { fetch?: typeof fetch; signal?: AbortSignal; pause?: (ms: number) => Promise<void> } = {},
): CountMessagesBody {
  const account = anthropicCounting(env);
  if (account === null)
    throw new HttpError(
      409,
      'no-provider-key',
      'No Anthropic key is configured on this server (ANTHROPIC_API_KEY): the counts stay offline, scaled to each reported total.',
    );
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const client = {
    apiKey: account.apiKey,
    ...(account.baseURL === undefined ? {} : { baseURL: account.baseURL }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  return async (body) => {
    const sent = { ...body, model: typeof body.model === 'string' ? body.model : account.model };
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await countAnthropicTokens(sent, client);
      } catch (error) {
        if (error instanceof ProviderCountError && REFUSES_BODY.has(error.status)) return null;
        if (error instanceof ProviderCountError && TRY_AGAIN.has(error.status) && attempt < RETRY_PAUSES_MS.length && options.signal?.aborted !== true) {
          await pause(RETRY_PAUSES_MS[attempt]!);
          continue;
        }
        const message =
          error instanceof ProviderCountError ? `Anthropic answered ${error.status}: ${error.message}` : error instanceof Error ? error.message : String(error);
        throw new Error(redactSecrets(message, env));
      }
    }
  };
}

/**
 * The counter a timeline request asked for (`?count=`), or none: counted offline. Counting spends
 * the server's key, so it is for this machine only, or a caller with the recording token.
 */
export function requestedCounter(
  count: 'anthropic' | undefined,
  env: Env,
  request: Request,
  fetchImpl: typeof fetch | undefined,
): CountMessagesBody | undefined {
  if (count === undefined) return undefined;
  if (!requestAllowed(request, env))
    throw new HttpError(
      403,
      'not-allowed',
      'Counting with the server’s Anthropic key is for this machine only; from elsewhere send x-fork-lab-token (FORK_LAB_RECORDING_TOKEN).',
    );
  return anthropicPrefixCounter(env, { signal: request.signal, ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }) });
}
