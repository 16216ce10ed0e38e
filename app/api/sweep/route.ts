import { answerSweepRequest } from '@/lib/api/sweep-endpoint';

/** `POST /api/sweep` — a window sweep with checks, as NDJSON; see `lib/api/sweep-endpoint.ts`. */
export function POST(request: Request): Promise<Response> {
  return answerSweepRequest(request);
}
