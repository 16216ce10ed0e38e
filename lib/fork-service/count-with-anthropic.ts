import 'server-only';
import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import type { ForkRequest } from '@/lib/fork';
import type { ProviderTokenCount } from '@/lib/fork-exchange/answers';
import { countAnthropicTokens } from '@/lib/provider-cache/anthropic-token-count';
import { childTokenReport } from '@/lib/tokens/child-token-report';
import { parentCache } from './parent-cache';
import { forkOf } from './registered-fork';
import { counterFor } from './token-counters';

/**
 * The child's first request counted by Anthropic (`count_tokens`), sent as the Anthropic export
 * writes it under the configured model, so a person sees how far the o200k estimate is off.
 */
export async function countChildWithAnthropic(
  parentKey: string,
  request: ForkRequest,
  account: { apiKey: string; model: string; baseURL?: string },
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<ProviderTokenCount> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const { written, plan } = forkOf(parent, request);
  if (plan.child === null)
    return { status: 'no-child', message: plan.errors.length > 0 ? 'The runtime refuses this call.' : 'Not a fork: there is no child request to count.' };
  const body = toAnthropicMessagesRequest({ ...plan.child, model: account.model });
  const providerTokens = await countAnthropicTokens(body, {
    apiKey: account.apiKey,
    ...(account.baseURL === undefined ? {} : { baseURL: account.baseURL }),
    ...options,
  });
  const report = await childTokenReport(plan, await counterFor(parent, written, options.signal));
  return { status: 'ok', provider: 'anthropic', model: account.model, providerTokens, o200kTokens: report!.total };
}
