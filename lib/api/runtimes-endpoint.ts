import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { cellBundleFile, readLatestMatrix, shownMatrix } from '@/lib/runtime-matrix/latest-matrix';
import { dataDirectory } from '@/lib/sqlite/open-database';

const NOT_RUN = 'No runtime matrix has been run here yet: run `npx fork-lab verify` (or `npm test`), then reload.';

/**
 * `GET /api/runtimes`: the newest matrix `fork-lab verify` wrote here, else the one the repository
 * ships, with `source` saying which (404 with how to make one, when there is neither).
 */
export function runtimeMatrixHandler() {
  return answeringErrors('read the runtime matrix', async (): Promise<Response> => {
    const shown = shownMatrix(dataDirectory());
    if (shown === null) throw new HttpError(404, 'not-found', NOT_RUN);
    return jsonResponse({ ...shown.matrix, source: shown.source });
  });
}

const bundleQuery = z.strictObject({
  runtime: z.string().regex(/^[a-z-]{1,40}$/),
  scenario: z.string().regex(/^[a-z0-9-]{1,60}$/),
  parent: z.coerce.number().int().positive(),
  child: z.coerce.number().int().positive(),
});

/** `GET /api/runtimes/bundle?runtime=&scenario=&parent=&child=`: a fork a matrix cell saw, as a Fork Lab bundle to open in the playground. */
export function runtimeBundleHandler() {
  return answeringErrors('read a matrix cell’s fork', async (request: Request): Promise<Response> => {
    const parsed = bundleQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) {
      throw invalidRequest(
        'runtime, scenario, parent and child name one fork of a matrix cell.',
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    const matrix = readLatestMatrix(dataDirectory());
    if (matrix === null) throw new HttpError(404, 'not-found', NOT_RUN);
    const { runtime, scenario, parent, child } = parsed.data;
    const file = cellBundleFile(matrix, runtime, scenario, parent, child);
    if (file === null) throw new HttpError(404, 'not-found', `The matrix has no saved fork ${parent}→${child} in ${runtime} ${scenario}.`);
    return new Response(readFileSync(file, 'utf8'), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
  });
}
