import { runEventStream } from '@/lib/agent/run-event-stream';
import { answeringErrors } from '@/lib/http/http-error';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/runs/<id>/events`: the run's events as server-sent events, from a snapshot onwards.
 * A bad run id answers 400 and an unknown run 404, in the one error shape.
 */
export const GET = answeringErrors('watch this run', async (request: Request, { params }: { params: Promise<{ runId: string }> }) =>
  runEventStream((await params).runId, request.signal),
);
