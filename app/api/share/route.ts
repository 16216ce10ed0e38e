import { answerShareRequest } from '@/lib/api/share-endpoint';

/** `POST /api/share` — store a compare as a read-only link; see `lib/api/share-endpoint.ts`. */
export function POST(request: Request): Promise<Response> {
  return answerShareRequest(request);
}
