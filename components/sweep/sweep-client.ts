'use client';

import { forgetRegistration, registerParent } from '@/components/playground/fork-client';
import type { SweepStreamEvent } from '@/lib/api/sweep-endpoint';
import type { ParentTranscript } from '@/lib/fork';
import { ndjsonLines } from '@/lib/http/ndjson-lines';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { SweepResult } from '@/lib/sweep/run-sweep';
import type { SweepSetup } from '@/lib/sweep/sweep-record';

export class SweepRefusedError extends Error {
  override readonly name = 'SweepRefusedError';
}

async function post(parentKey: string, setup: SweepSetup, signal: AbortSignal): Promise<Response> {
  return fetch('/api/sweep', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify({ parentKey, ...setup }),
    signal,
  });
}

/**
 * Run a sweep on the server (`POST /api/sweep`), reporting its events as they stream; the parent
 * is registered first, and once more if the server let it go. Resolves with the result.
 */
export async function runSweepOnServer(
  transcript: ParentTranscript,
  setup: SweepSetup,
  onEvent: (event: SweepStreamEvent) => void,
  signal: AbortSignal,
): Promise<SweepResult> {
  let response = await post((await registerParent(transcript)).parentKey, setup, signal);
  if (response.status === 409) {
    forgetRegistration(transcript);
    response = await post((await registerParent(transcript)).parentKey, setup, signal);
  }
  if (!response.ok || response.body === null) throw new SweepRefusedError(describeHttpError(await readErrorResponse(response)));
  for await (const line of ndjsonLines(response.body)) {
    const event = JSON.parse(line) as SweepStreamEvent;
    if (event.type === 'error') throw new SweepRefusedError(event.error.message);
    onEvent(event);
    if (event.type === 'result') return event.result;
  }
  throw new SweepRefusedError('The sweep ended before its result (the server stopped answering).');
}
