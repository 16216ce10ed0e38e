import { answerParentTurn } from '@/lib/api/parent-turn-endpoint';

export const dynamic = 'force-dynamic';

/** `POST /api/parent/turn` — see README “HTTP API”. Every error answers in the one error shape. */
export function POST(request: Request): Promise<Response> {
  return answerParentTurn(request);
}
