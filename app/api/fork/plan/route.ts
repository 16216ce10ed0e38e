import { answerPlanRequest } from '@/lib/api/plan-endpoint';

/** `POST /api/fork/plan` — see README “HTTP API”. Every error answers in the one error shape. */
export function POST(request: Request): Promise<Response> {
  return answerPlanRequest(request);
}
