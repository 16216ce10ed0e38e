import { runEventStream } from '@/lib/agent/run-event-stream';

export const dynamic = 'force-dynamic';

/** `GET /api/runs/<id>/events`: the run's events as server-sent events, from a snapshot onwards. */
export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  return runEventStream((await params).runId, request.signal);
}
