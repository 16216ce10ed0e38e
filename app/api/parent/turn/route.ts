import { answerParentTurn } from '@/lib/agent/parent-turn-endpoint';
import { jsonResponse } from '@/lib/http/json-response';

export const dynamic = 'force-dynamic';

/** `POST /api/parent/turn` — see README “HTTP API”. */
export async function POST(request: Request): Promise<Response> {
  try {
    return await answerParentTurn(request);
  } catch {
    return jsonResponse({ error: 'Fork Lab could not run this turn: an internal error. Nothing was saved or changed.' }, 500);
  }
}
