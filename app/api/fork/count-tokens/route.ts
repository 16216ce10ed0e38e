import { answerProviderCountRequest } from '@/lib/api/provider-count-endpoint';

/** `POST /api/fork/count-tokens` — a provider's own count of the child's request; see `lib/api/provider-count-endpoint.ts`. */
export function POST(request: Request): Promise<Response> {
  return answerProviderCountRequest(request);
}
