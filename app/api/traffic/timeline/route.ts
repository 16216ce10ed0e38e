import { answerTrafficTimelineRequest } from '@/lib/api/traffic-timeline-endpoint';

export const dynamic = 'force-dynamic';

/** `POST /api/traffic/timeline` — a traffic log's cache timeline; see `lib/api/traffic-timeline-endpoint.ts`. */
export function POST(request: Request): Promise<Response> {
  return answerTrafficTimelineRequest(request);
}
