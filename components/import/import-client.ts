import type { ParentRegistration } from '@/lib/fork-service/fork-service';
import { type HttpErrorAnswer, readErrorResponse } from '@/lib/http/read-error-response';
import type { ImportAnswer, ImportStreamEvent } from '@/lib/import/import-answer';
import { ImportTooLargeError } from '@/lib/import/import-errors';
import type { ImportFormatId } from '@/lib/import/import-format';
import { IMPORT_LIMITS } from '@/lib/import/import-limits';
import type { ImportProgress } from '@/lib/import/import-source';

/** An import the server (or the size check before upload) refused. */
export class ImportFailedError extends Error {
  override readonly name = 'ImportFailedError';
  constructor(readonly body: HttpErrorAnswer) {
    super(body.message);
  }
}

export interface ImportRequest {
  body: Blob | string;
  fileName?: string;
  format?: ImportFormatId;
  onProgress?: (progress: ImportProgress | { phase: 'upload'; done: number; total: number }) => void;
  signal?: AbortSignal;
}

/**
 * Send a file to `POST /api/import` and follow its streamed progress. Parsing happens on the
 * server, so a 50 MB session never blocks this page; a file over the limit is refused here, before
 * a byte is sent.
 */
export async function importOnServer({
  body,
  fileName,
  format,
  onProgress,
  signal,
}: ImportRequest): Promise<{ answer: ImportAnswer; registration: ParentRegistration }> {
  const size = typeof body === 'string' ? new Blob([body]).size : body.size;
  if (size > IMPORT_LIMITS.maxBytes) {
    throw new ImportFailedError(new ImportTooLargeError(size, IMPORT_LIMITS.maxBytes).toJSON());
  }
  const query = new URLSearchParams();
  if (format !== undefined) query.set('format', format);
  if (fileName !== undefined) query.set('name', fileName.slice(0, 300));
  onProgress?.({ phase: 'upload', done: 0, total: size });
  const response = await fetch(`/api/import?${query}`, {
    method: 'POST',
    body,
    headers: { accept: 'application/x-ndjson', 'content-type': 'application/octet-stream' },
    signal,
  });
  if (!response.ok || response.body === null) throw new ImportFailedError(await readErrorResponse(response));
  // The result is one line of up to tens of MB: chunks are kept in a list and only the newest is
  // searched for the line's end, so reading it stays linear in its size.
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let rest = value;
    let newline = rest.indexOf('\n');
    while (newline !== -1) {
      pending.push(rest.slice(0, newline));
      const event = JSON.parse(pending.join('')) as ImportStreamEvent;
      pending = [];
      rest = rest.slice(newline + 1);
      if (event.type === 'progress') onProgress?.(event);
      else if (event.type === 'result') return { answer: event.result, registration: event.registration };
      else throw new ImportFailedError(event.error);
      newline = rest.indexOf('\n');
    }
    if (rest !== '') pending.push(rest);
  }
  throw new ImportFailedError({ code: 'invalid-content', message: 'The server closed the import without an answer.' });
}
