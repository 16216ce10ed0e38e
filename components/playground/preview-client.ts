'use client';

import type { ForkRequest } from '@/lib/fork';
import type { FamilyCachePreview, ForkPreview, ProviderTokenCount } from '@/lib/fork-exchange/answers';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';

/**
 * Ask the server for a preview of a registered parent. A route handler, not a server action, so
 * previews answer side by side and one nobody waits for can be aborted (`signal`).
 */
export function fetchPreview(parentKey: string, request: ForkRequest, signal?: AbortSignal, rules: ProviderRules | null = null): Promise<ForkPreview> {
  return postForParent<ForkPreview>('/api/fork/preview', { parentKey, request, ...(rules === null ? {} : { providerRules: rules }) }, signal);
}

/** The family forecast of a registered parent's forks, sent `gapSeconds` apart. */
export function fetchFamilyCache(
  parentKey: string,
  requests: readonly ForkRequest[],
  gapSeconds: number,
  signal?: AbortSignal,
  rules: ProviderRules | null = null,
): Promise<FamilyCachePreview> {
  return postForParent<FamilyCachePreview>(
    '/api/fork/cache-family',
    { parentKey, requests, gapSeconds, ...(rules === null ? {} : { providerRules: rules }) },
    signal,
  );
}

/** The child's first request counted by Anthropic itself (the server holds the key). */
export function fetchProviderCount(parentKey: string, request: ForkRequest): Promise<ProviderTokenCount> {
  return postForParent<ProviderTokenCount>('/api/fork/count-tokens', { parentKey, request, provider: 'anthropic' });
}

/** POST to an endpoint that names its parent by key; a 409 `unknown-parent` is an answer (register again), any other error throws. */
async function postForParent<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T | { status: 'unknown-parent' }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  if (response.ok) return (await response.json()) as T;
  const error = await readErrorResponse(response);
  if (response.status === 409 && error.code === 'unknown-parent') return { status: 'unknown-parent' };
  throw new Error(describeHttpError(error));
}
