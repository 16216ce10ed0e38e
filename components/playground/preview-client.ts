'use client';

import type { ForkRequest, ParentTranscript } from '@/lib/fork';
import type { ForkPreview, ParentRegistration } from '@/lib/fork-service/fork-service';
import { jsonBodyInSlices } from '@/lib/http/json-body-in-slices';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';

/** A server answer that says the input was refused, with what is wrong. */
export class ForkServiceError extends Error {
  override readonly name = 'ForkServiceError';
}

/**
 * Ask the server for a preview of a registered parent. A route handler, not a server action, so
 * previews answer side by side and one nobody waits for can be aborted (`signal`).
 */
export async function fetchPreview(parentKey: string, request: ForkRequest, signal?: AbortSignal): Promise<ForkPreview> {
  const response = await fetch('/api/fork/preview', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ parentKey, request }),
    signal,
  });
  if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
  return (await response.json()) as ForkPreview;
}

/**
 * Hand the server a parent for planning (`POST /api/parent`). The body is built a slice of messages
 * at a time, so a 50 MB parent goes without stalling the page.
 */
export async function postParent(transcript: ParentTranscript): Promise<ParentRegistration> {
  const response = await fetch('/api/parent', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await jsonBodyInSlices('transcript', { ...transcript }, 'messages'),
  });
  if (!response.ok) throw new ForkServiceError(describeHttpError(await readErrorResponse(response)));
  const { status: _, ...registration } = (await response.json()) as { status: 'ok' } & ParentRegistration;
  return registration;
}
