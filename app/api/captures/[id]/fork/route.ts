import { capturedForkHandler } from '@/lib/api/captures-endpoint';
import { captureStore } from '@/lib/recording/capture-manager';

const answer = capturedForkHandler(captureStore);

/** `GET /api/captures/<child id>/fork` — a captured fork as a bundle; see `lib/api/captures-endpoint.ts`. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return answer(request, (await context.params).id);
}
