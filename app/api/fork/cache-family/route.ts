import { answerFamilyCacheRequest } from '@/lib/api/cache-family-endpoint';

/** `POST /api/fork/cache-family` — a compare's forks through each provider's cache; see `lib/api/cache-family-endpoint.ts`. */
export function POST(request: Request): Promise<Response> {
  return answerFamilyCacheRequest(request);
}
