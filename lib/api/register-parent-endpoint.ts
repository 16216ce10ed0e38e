import 'server-only';
import { registerParentInput } from '@/lib/fork-exchange/inputs';
import { registerParent } from '@/lib/fork-service';
import { answeringErrors, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import { IMPORT_LIMITS } from '@/lib/import/import-limits';

/** A parent may be as large as an import (an imported parent, edited, is registered again), plus the JSON around it. */
export const REGISTER_BODY_LIMIT_BYTES = IMPORT_LIMITS.maxBytes + 8 * 1024 * 1024;

/**
 * `POST /api/parent` with `{ transcript }`: the server keeps the parent for planning and answers
 * `{ status: 'ok', parentKey, messageTokens, classifications }`; previews, launches and parent
 * turns then name it by `parentKey`.
 *
 * A route rather than a server action: a server action's arguments are serialised on the page's
 * main thread in one go, which for a 50 MB parent (after a reload, or an edit) stalled it for
 * seconds. The page sends this body built a slice at a time instead.
 */
export const answerRegisterParentRequest = answeringErrors('register this parent', async (request: Request): Promise<Response> => {
  const parsed = registerParentInput.safeParse(await readJsonBody(request, REGISTER_BODY_LIMIT_BYTES));
  if (!parsed.success) throw invalidRequest('The body must be { "transcript": { "profile"?, "messages" } }.', zodIssues(parsed.error));
  return jsonResponse({ status: 'ok', ...(await registerParent(parsed.data.transcript)) });
});
