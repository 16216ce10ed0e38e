'use client';

import type { ForkRequest } from '@/lib/fork';
import type { ForkPreview } from '@/lib/fork-service/fork-service';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';

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
  if (response.ok) return (await response.json()) as ForkPreview;
  const error = await readErrorResponse(response);
  if (response.status === 409 && error.code === 'unknown-parent') return { status: 'unknown-parent' };
  throw new Error(describeHttpError(error));
}
