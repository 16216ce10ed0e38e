import { captureBodyHandler } from '@/lib/api/captures-endpoint';
import { captureStore } from '@/lib/recording/capture-manager';

const answer = captureBodyHandler(captureStore);

/** `GET /api/captures/<id>` — one captured request body; see `lib/api/captures-endpoint.ts`. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return answer(request, (await context.params).id);
}
