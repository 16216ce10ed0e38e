import { capturedForkWhatIfHandler } from '@/lib/api/captures-endpoint';
import { captureStore } from '@/lib/recording/capture-manager';

const answer = capturedForkWhatIfHandler(captureStore);

/** `GET /api/captures/<child id>/what-if` — a captured fork priced with the runtime's other windows; see `lib/api/captures-endpoint.ts`. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return answer(request, (await context.params).id);
}
