import { answerPlanRequest } from '@/lib/api/plan-endpoint';
import { jsonResponse } from '@/lib/http/json-response';

/** `POST /api/fork/plan` — see README “HTTP API”. */
export async function POST(request: Request): Promise<Response> {
  try {
    const answer = await answerPlanRequest(request);
    return jsonResponse(answer.body, answer.status);
  } catch {
    return jsonResponse({ error: 'Fork Lab could not plan this request: an internal error. Nothing was saved or changed.' }, 500);
  }
}
