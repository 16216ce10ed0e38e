import { answerShareReadRequest } from '@/lib/api/share-endpoint';

/** `GET /api/share/<id>` — a stored snapshot as JSON. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return answerShareReadRequest((await params).id);
}
