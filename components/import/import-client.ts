import { FrozenListBuilder, type TranscriptMessage } from '@/lib/fork';
import type { ParentRegistration } from '@/lib/fork-exchange/answers';
import { ndjsonLines } from '@/lib/http/ndjson-lines';
import { type HttpErrorAnswer, readErrorResponse } from '@/lib/http/read-error-response';
import type { ImportAnswer, ImportStreamEvent } from '@/lib/import/import-answer';
import { ImportTooLargeError } from '@/lib/import/import-errors';
import type { ImportFormatId } from '@/lib/import/import-format';
import { IMPORT_LIMITS } from '@/lib/import/import-limits';
import type { ImportProgress } from '@/lib/import/import-source';
import { yieldToEventLoop } from '@/lib/slicing/yield-to-event-loop';

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
  onProgress?: (progress: ImportProgress | { phase: 'upload' | 'receive'; done: number; total: number }) => void;
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
  const messages = new FrozenListBuilder<TranscriptMessage>();
  for await (const line of ndjsonLines(response.body)) {
    const event = JSON.parse(line) as ImportStreamEvent;
    if (event.type === 'progress') onProgress?.(event);
    else if (event.type === 'messages') {
      // Frozen as they arrive, a run at a time: the workspace then keeps these very objects instead
      // of copying 50 MB in one go, and the page paints between runs.
      for (const message of event.messages) messages.add(message);
      onProgress?.({ phase: 'receive', done: messages.length, total: event.total });
      await yieldToEventLoop();
    } else if (event.type === 'result') {
      if (event.streamedMessages !== messages.length) break;
      const { result } = event;
      // Each message is frozen through already: the list is vouched for without a walk of its indexes, and the session shares it.
      return { answer: { ...result, transcript: { ...result.transcript, messages: messages.finish() } }, registration: event.registration };
    } else throw new ImportFailedError(event.error);
  }
  throw new ImportFailedError({ code: 'invalid-content', message: 'The server closed the import without an answer.' });
}
