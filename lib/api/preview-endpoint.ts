import { previewForkInput } from '@/lib/fork-exchange/inputs';
import { previewFork } from '@/lib/fork-service';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';

/**
 * A preview names its parent by key: the body is a key and a request, never a transcript. Room for
 * the longest directive and parameters the controls take, each character escaped.
 */
export const PREVIEW_BODY_LIMIT_BYTES = 1024 * 1024;

/** What a body over the limit holds too much of: a preview sends no transcript. */
export const SHORTER_REQUEST = 'A preview sends the parent’s key, not its transcript: shorten the directive or a parameter.';

/**
 * `POST /api/fork/preview` with `{ parentKey, request }`: the engine's plan for a registered parent,
 * compacted for the browser (`{ status: 'ok', … }`); 409 `unknown-parent` when the server no longer
 * holds it (the browser registers it again), as the parent-turn endpoint answers. A request the
 * browser aborts stops being counted at the next pause.
 *
 * The playground's previews come here rather than through a server action because Next.js runs a
 * page's server actions one at a time: the windows it asks for ahead of the person would queue in
 * front of the one they asked for. Route handlers answer side by side, and the browser can abort a
 * request nobody waits for any more.
 */
export const answerPreviewRequest = answeringErrors('plan this preview', async (request: Request): Promise<Response> => {
  const parsed = previewForkInput.safeParse(await readJsonBody(request, PREVIEW_BODY_LIMIT_BYTES, SHORTER_REQUEST));
  if (!parsed.success) throw invalidRequest('The body must be { "parentKey", "request", "providerRules"? }.', zodIssues(parsed.error));
  const preview = await previewFork(parsed.data.parentKey, parsed.data.request, request.signal, parsed.data.providerRules);
  if (preview.status === 'unknown-parent') {
    throw new HttpError(409, 'unknown-parent', 'The server does not hold this parent (it restarted or let it go): register it again.');
  }
  return jsonResponse(preview);
});
