import type { CountTokensBody } from '@/lib/wire/anthropic-messages/messages-body';

/** Anthropic answered the count with an error (a bad key, an unknown model, a request it refuses). */
export class ProviderCountError extends Error {
  override readonly name = 'ProviderCountError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AnthropicCountOptions {
  apiKey: string;
  baseURL?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Anthropic's API version header, as its SDKs send it. */
const ANTHROPIC_VERSION = '2023-06-01';

/**
 * The tokens Anthropic counts for a Messages body (`POST /v1/messages/count_tokens`): its own
 * tokenizer, not an estimate. The count endpoint takes the body without `max_tokens`.
 */
export async function countAnthropicTokens(body: CountTokensBody, options: AnthropicCountOptions): Promise<number> {
  const sent: Record<string, unknown> = { ...body };
  const { max_tokens: _, ...countBody } = sent;
  const base = (options.baseURL ?? 'https://api.anthropic.com/v1').replace(/\/+$/, '');
  const response = await (options.fetch ?? fetch)(`${base}/messages/count_tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
    body: JSON.stringify(countBody),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const answer = (await response.json().catch(() => null)) as { input_tokens?: unknown; error?: { message?: unknown } } | null;
  if (!response.ok) {
    const message = typeof answer?.error?.message === 'string' ? answer.error.message : `HTTP ${response.status}`;
    throw new ProviderCountError(response.status, message);
  }
  if (typeof answer?.input_tokens !== 'number') throw new ProviderCountError(response.status, 'The answer has no input_tokens.');
  return answer.input_tokens;
}
