import { answerImportRequest } from '@/lib/api/import-endpoint';

export const dynamic = 'force-dynamic';

/** `POST /api/import` — see README “HTTP API”. Every error answers in the one error shape. */
export function POST(request: Request): Promise<Response> {
  return answerImportRequest(request);
}
