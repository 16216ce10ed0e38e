import 'server-only';
import type { RunEvent } from '@/lib/fork-exchange/run-record';
import { HttpError } from '@/lib/http/http-error';
import { RunNotFoundError } from './child-runs';
import { runIdSchema } from './run-inputs';
import { runManager } from './run-manager';

const SETTLED = new Set(['finished', 'failed', 'stopped', 'interrupted']);

/**
 * A run's events as a `text/event-stream` response: a snapshot (the run and its messages so far),
 * then each event as it happens, ending once the run settles. Closing the connection only stops
 * watching; stopping the run is its own action. A bad or unknown run id throws an `HttpError`
 * (400, 404), answered by the route in the one error shape.
 */
export function runEventStream(runId: string, signal: AbortSignal): Response {
  const parsed = runIdSchema.safeParse(runId);
  if (!parsed.success) {
    const { message } = parsed.error.issues[0]!;
    throw new HttpError(400, 'invalid-request', `Invalid run id: ${message}.`, { issues: [{ path: 'runId', message }] });
  }
  const encoder = new TextEncoder();
  let unsubscribe: (() => void) | null = null;
  let closed = false;
  if (runManager().journal.getRun(runId) === null) throw new HttpError(404, 'run-not-found', new RunNotFoundError(runId).message);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe?.();
        try {
          controller.close();
        } catch {
          // already cancelled by the client
        }
      };
      const send = (event: RunEvent) => {
        if (closed) return;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        const settled =
          (event.type === 'status' && SETTLED.has(event.status)) || (event.type === 'snapshot' && SETTLED.has(event.run.status) && !isRunning(runId));
        if (settled) close();
      };
      unsubscribe = runManager().runs.subscribe(runId, send);
      // A settled run closes on its snapshot, before `subscribe` has returned the way to leave.
      if (closed) unsubscribe();
      if (signal.aborted) close();
      else signal.addEventListener('abort', close, { once: true });
    },
    cancel() {
      closed = true;
      unsubscribe?.();
    },
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive' },
  });
}

function isRunning(runId: string): boolean {
  return runManager().journal.getRun(runId)?.status === 'running';
}
