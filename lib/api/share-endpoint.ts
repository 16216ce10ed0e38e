import 'server-only';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import { readSnapshot, shareSnapshot } from '@/lib/share/share-service';
import { SHARE_BODY_LIMIT_BYTES, SNAPSHOT_ID_PATTERN, shareSnapshotSchema } from '@/lib/share/share-snapshot';
import { StoreFullError } from '@/lib/share/snapshot-store';

export { SHARE_BODY_LIMIT_BYTES };

/**
 * `POST /api/share` with `{ version: 1, title, transcript, compare, sweeps }`: stores an immutable
 * snapshot under its content id and answers `{ status: 'ok', id, url }` (the same content, the same
 * link). The body is checked field by field: only a parent, a compare and sweeps can be in it.
 */
export const answerShareRequest = answeringErrors('share this compare', async (request: Request): Promise<Response> => {
  const parsed = shareSnapshotSchema.safeParse(await readJsonBody(request, SHARE_BODY_LIMIT_BYTES));
  if (!parsed.success) throw invalidRequest('The body must be { "version": 1, "title", "transcript", "compare", "sweeps" }.', zodIssues(parsed.error));
  let shared: { id: string; created: boolean };
  try {
    shared = await shareSnapshot(parsed.data);
  } catch (error) {
    if (error instanceof StoreFullError) {
      throw new HttpError(409, 'share-store-full', `This server keeps no more shares: ${error.message}. Its operator can raise FORK_LAB_SHARE_STORE_MB.`);
    }
    throw error;
  }
  const { id, created } = shared;
  return jsonResponse({ status: 'ok', id, url: `/share/${id}`, created }, created ? 201 : 200);
});

/** `GET /api/share/<id>`: the snapshot as stored, for scripts; 404 when there is none. */
export const answerShareReadRequest = answeringErrors('read this share', async (id: string): Promise<Response> => {
  if (!SNAPSHOT_ID_PATTERN.test(id)) throw new HttpError(404, 'not-found', 'A share id is 40 lowercase hex digits.');
  const snapshot = readSnapshot(id);
  if (snapshot === null) throw new HttpError(404, 'not-found', 'There is no share with this id on this server.');
  return jsonResponse({ status: 'ok', ...snapshot });
});
