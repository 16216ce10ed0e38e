import { anthropicCounting, redactSecrets } from '@/lib/ai/providers';
import { providerCountInput } from '@/lib/fork-exchange/inputs';
import { countChildWithAnthropic } from '@/lib/fork-service';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import { ProviderCountError } from '@/lib/provider-cache/anthropic-token-count';
import { PREVIEW_BODY_LIMIT_BYTES, SHORTER_REQUEST } from './preview-endpoint';

/**
 * `POST /api/fork/count-tokens` with `{ parentKey, request, provider: "anthropic" }`: the child's
 * first request counted by the provider itself. Needs the provider's key on the server (409
 * `no-provider-key` without it); the provider's own error comes back as 502 `provider-error`.
 * `fetchImpl` is for tests: a local server stands in for the provider.
 */
export function providerCountHandler(env: Record<string, string | undefined> = process.env, fetchImpl?: typeof fetch) {
  return answeringErrors('count this request with the provider', async (request: Request): Promise<Response> => {
    const parsed = providerCountInput.safeParse(await readJsonBody(request, PREVIEW_BODY_LIMIT_BYTES, SHORTER_REQUEST));
    if (!parsed.success) throw invalidRequest('The body must be { "parentKey", "request", "provider": "anthropic" }.', zodIssues(parsed.error));
    const account = anthropicCounting(env);
    if (account === null)
      throw new HttpError(409, 'no-provider-key', 'No Anthropic key is configured on this server (ANTHROPIC_API_KEY): the counts stay o200k estimates.');
    try {
      const answer = await countChildWithAnthropic(parsed.data.parentKey, parsed.data.request, account, {
        signal: request.signal,
        ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
      });
      if (answer.status === 'unknown-parent') {
        throw new HttpError(409, 'unknown-parent', 'The server does not hold this parent (it restarted or let it go): register it again.');
      }
      if (answer.status === 'no-child') throw new HttpError(422, 'no-child', answer.message);
      return jsonResponse(answer);
    } catch (error) {
      if (error instanceof ProviderCountError)
        throw new HttpError(502, 'provider-error', redactSecrets(`Anthropic answered ${error.status}: ${error.message}`, env));
      throw error;
    }
  });
}

export const answerProviderCountRequest = providerCountHandler();
