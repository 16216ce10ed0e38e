import { FORK_POLICIES, isForkPolicy } from '@/lib/fork';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { groupSessions } from '@/lib/recording/capture-sessions';
import type { CaptureStore } from '@/lib/recording/capture-store';
import { checkForks, readCapture } from '@/lib/recording/fork-check';
import { requestAllowed } from '@/lib/recording/request-guard';

/** Captured conversations are read as the model endpoint is reached: from this machine, or with the token. */
function guard(request: Request, env: Record<string, string | undefined>): void {
  if (!requestAllowed(request, env)) {
    throw new HttpError(
      403,
      'not-allowed',
      'Captured traffic is served to this machine only; from elsewhere send x-fork-lab-token (FORK_LAB_RECORDING_TOKEN).',
    );
  }
}

/** The newest captures the list reads back and checks: enough for a session's forks, not a dump. */
export const CAPTURES_LISTED = 100;

/** And no more of them than this much text: the store keeps bodies of up to 8 MB each. */
export const CAPTURES_LISTED_BYTES = 32 * 1024 * 1024;

/**
 * `GET /api/captures` (`?runtime=<policy>` to check every fork by that runtime's rules instead of
 * the one each call's tool suggests): the newest captured requests, their sessions, and each fork
 * found in them with its verdict.
 */
export function capturesListHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env) {
  return answeringErrors('list captured traffic', async (request: Request): Promise<Response> => {
    guard(request, env);
    const runtime = new URL(request.url).searchParams.get('runtime');
    if (runtime !== null && !isForkPolicy(runtime)) {
      throw invalidRequest(`runtime must be one of ${FORK_POLICIES.join(', ')}.`, [{ path: 'runtime', message: `not a runtime: ${runtime.slice(0, 80)}` }]);
    }
    const captures = store().list(CAPTURES_LISTED, CAPTURES_LISTED_BYTES);
    const read = await Promise.all(
      captures.map(async (capture) => ({ capture, conversation: await readCapture(capture.id, capture.api, capture.requestBody) })),
    );
    const conversations = read.flatMap(({ conversation }) => (conversation === null ? [] : [conversation]));
    const forks = await checkForks(conversations, runtime ?? undefined);
    return jsonResponse({
      captures: read.map(({ capture, conversation }) => ({
        id: capture.id,
        api: capture.api,
        sessionKey: capture.sessionKey,
        status: capture.status,
        error: capture.error,
        startedAt: capture.startedAt,
        endedAt: capture.endedAt,
        requestBytes: capture.requestBody.length,
        messages: conversation?.transcript.messages.length ?? null,
      })),
      sessions: groupSessions(
        read.map(({ capture, conversation }) => ({ id: capture.id, sessionKey: capture.sessionKey, conversation })),
        new Set(forks.map((fork) => fork.childId)),
      ),
      forks,
    });
  });
}

/** `GET /api/captures/<id>`: a captured request body as the runtime sent it, to download or import. */
export function captureBodyHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env) {
  return answeringErrors('read a captured request', async (request: Request, id: string): Promise<Response> => {
    guard(request, env);
    const number = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
    const capture = number === null ? null : store().get(number);
    if (capture === null) throw new HttpError(404, 'not-found', `There is no captured request ${id.slice(0, 40)}.`);
    return new Response(capture.requestBody, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="capture-${capture.id}.${capture.api}.json"` },
    });
  });
}
