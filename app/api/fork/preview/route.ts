import { answerPreviewRequest } from '@/lib/api/preview-endpoint';

/** `POST /api/fork/preview` — the playground's previews; see `lib/api/preview-endpoint.ts`. */
export function POST(request: Request): Promise<Response> {
  return answerPreviewRequest(request);
}
