import { familyCacheInput } from '@/lib/fork-exchange/inputs';
import { previewFamilyCache } from '@/lib/fork-service';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import { PREVIEW_BODY_LIMIT_BYTES, SHORTER_REQUEST } from './preview-endpoint';

/**
 * `POST /api/fork/cache-family` with `{ parentKey, requests, gapSeconds, providerRules? }`: the
 * requests' children sent one after another through each provider's cache (`{ status: 'ok',
 * cache, members }`); 409 `unknown-parent` as the preview answers.
 */
export const answerFamilyCacheRequest = answeringErrors('forecast this family', async (request: Request): Promise<Response> => {
  const parsed = familyCacheInput.safeParse(await readJsonBody(request, PREVIEW_BODY_LIMIT_BYTES, SHORTER_REQUEST));
  if (!parsed.success) {
    throw invalidRequest(
      'The body must be { "parentKey", "requests": [1 to 8 fork requests], "gapSeconds": 0 to 86400, "providerRules"? }.',
      zodIssues(parsed.error),
    );
  }
  const { parentKey, requests, gapSeconds, providerRules } = parsed.data;
  const answer = await previewFamilyCache(parentKey, requests, gapSeconds, providerRules, request.signal);
  if (answer.status === 'unknown-parent') {
    throw new HttpError(409, 'unknown-parent', 'The server does not hold this parent (it restarted or let it go): register it again.');
  }
  return jsonResponse(answer);
});
