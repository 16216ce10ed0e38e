import { previewForkInput } from '@/lib/fork-service/action-inputs';
import { previewFork } from '@/lib/fork-service/fork-service';
import { answeringErrors, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';

/** A preview names its parent by key: the body is a key and a request, never a transcript. */
export const PREVIEW_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * `POST /api/fork/preview` with `{ parentKey, request }`: the engine's plan for a registered parent,
 * compacted for the browser (`{ status: 'ok', … }`), or `{ status: 'unknown-parent' }` when the
 * server no longer holds it.
 *
 * The playground's previews come here rather than through a server action because Next.js runs a
 * page's server actions one at a time: the windows it asks for ahead of the person would queue in
 * front of the one they asked for. Route handlers answer side by side, and the browser can abort a
 * request nobody waits for any more.
 */
export const answerPreviewRequest = answeringErrors('plan this preview', async (request: Request): Promise<Response> => {
  const parsed = previewForkInput.safeParse(await readJsonBody(request, PREVIEW_BODY_LIMIT_BYTES));
  if (!parsed.success) throw invalidRequest('The body must be { "parentKey", "request" }.', zodIssues(parsed.error));
  return jsonResponse(await previewFork(parsed.data.parentKey, parsed.data.request));
});
