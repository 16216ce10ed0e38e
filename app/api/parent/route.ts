import { answerRegisterParentRequest } from '@/lib/api/register-parent-endpoint';

export const dynamic = 'force-dynamic';

/** `POST /api/parent` — register a parent for planning; see `lib/api/register-parent-endpoint.ts`. */
export function POST(request: Request): Promise<Response> {
  return answerRegisterParentRequest(request);
}
