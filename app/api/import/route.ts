import { answerImportRequest } from '@/lib/api/import-endpoint';
import { jsonResponse } from '@/lib/http/json-response';

export const dynamic = 'force-dynamic';

/** `POST /api/import` — see README “HTTP API”. */
export async function POST(request: Request): Promise<Response> {
  try {
    return await answerImportRequest(request);
  } catch {
    return jsonResponse({ error: { code: 'internal', message: 'Fork Lab could not import this file: an internal error. Nothing was saved or changed.' } }, 500);
  }
}
