import 'server-only';
import { isUtf8 } from 'node:buffer';
import { z } from 'zod';
import type { TranscriptMessage } from '@/lib/fork';
import { liveTokenReport, registerParent } from '@/lib/fork-service';
import { errorResponse, HttpError, type HttpErrorStatus, internalError } from '@/lib/http/http-error';
import { API_HEADERS, jsonResponse } from '@/lib/http/json-response';
import { type NdjsonWriter, ndjsonStream } from '@/lib/http/ndjson-stream';
import { readBodyBytes } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import {
  AmbiguousFormatError,
  BinaryImportError,
  IMPORT_FORMAT_IDS,
  IMPORT_LIMITS,
  type ImportAnswer,
  ImportError,
  type ImportErrorCode,
  type ImportResult,
  type ImportStreamEvent,
  ImportTooLargeError,
  InvalidContentError,
  importTranscript,
} from '@/lib/import';

const querySchema = z.strictObject({
  format: z.enum(IMPORT_FORMAT_IDS, { error: `format must be one of: ${IMPORT_FORMAT_IDS.join(', ')} (or left out to detect it)` }).optional(),
  name: z.string().max(300, 'name must be at most 300 characters').optional(),
});

const FAILED_TO = 'import this file';

/** About half a megabyte of messages per streamed event. */
const MESSAGES_PER_EVENT_CHARS = 512 * 1024;

/** The reader went away; the import stops at its next progress report. */
class ImportCancelled extends Error {
  override readonly name = 'ImportCancelled';
}

function statusOf(code: ImportErrorCode): HttpErrorStatus {
  if (code === 'too-large') return 413;
  if (code === 'unsupported-media-type') return 415;
  if (code === 'ambiguous-format') return 422;
  if (code === 'internal') return 500;
  return 400;
}

/**
 * What an import answers for a thrown value: an `ImportError` keeps its code, line, field and
 * choices (the code typed by the importer's declared list); anything else is a 500.
 */
function importHttpError(error: unknown): HttpError<ImportErrorCode> {
  if (!(error instanceof ImportError)) return internalError(FAILED_TO);
  return new HttpError(statusOf(error.code), error.code, error.message, {
    ...error.location,
    ...(error instanceof AmbiguousFormatError ? { candidates: [...error.candidates] } : {}),
    ...(error instanceof ImportTooLargeError ? { limitBytes: IMPORT_LIMITS.maxBytes } : {}),
  });
}

/** The answer, with each bundled child's token counts (its plan was checked by the importer). */
async function withTokens(result: ImportResult): Promise<ImportAnswer> {
  const { children, ...rest } = result;
  const counted: NonNullable<ImportAnswer['children']> = [];
  for (const [index, child] of (children ?? []).entries()) {
    try {
      counted.push({ ...child, tokens: child.plan.child === null ? null : await liveTokenReport(child.plan, result.transcript) });
    } catch {
      throw new InvalidContentError(`children[${index}].plan: its messages cannot be counted; the plan is not one the engine makes.`, {
        field: `children[${index}].plan`,
      });
    }
  }
  return { ...rest, formatLabel: result.report.formatLabel, ...(children === undefined ? {} : { children: counted }) };
}

/**
 * The body as text, with the importer's own binary checks in its order (NUL bytes first, so a
 * PNG is called binary, not bad UTF-8). Node's native UTF-8 check and decode take a tenth of the
 * time of a fatal `TextDecoder` on a 50 MB file.
 */
function decodeUtf8(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, 8192).includes(0)) throw new BinaryImportError('it contains NUL bytes');
  if (!isUtf8(buffer)) throw new BinaryImportError('it is not valid UTF-8');
  return buffer.toString('utf8');
}

/**
 * `POST /api/import?format=&name=`: the raw file as the body (JSON or JSON Lines, up to
 * {@link IMPORT_LIMITS}.maxBytes), the parent transcript and its fidelity report back. With
 * `Accept: application/x-ndjson` the answer streams progress events, then the result or the error,
 * one JSON object per line, so a person watching a 50 MB import sees it move; the streamed result also
 * registers the parent for planning (the app's path), which a script that only wants the transcript
 * does not pay for.
 */
export async function answerImportRequest(request: Request): Promise<Response> {
  try {
    return await answerImport(request);
  } catch (error) {
    return errorResponse(importHttpError(error));
  }
}

/**
 * The transcript's messages as `messages` events of about {@link MESSAGES_PER_EVENT_CHARS} each, in
 * order: a browser parses and keeps each in a few milliseconds, where one line holding a 50 MB
 * transcript stalls its page for most of a second.
 */
async function sendMessages(writer: NdjsonWriter, messages: readonly TranscriptMessage[]): Promise<void> {
  let parts: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (parts.length > 0) await writer.sendJson(`{"type":"messages","total":${messages.length},"messages":[${parts.join(',')}]}`);
    parts = [];
    chars = 0;
  };
  for (const message of messages) {
    if (writer.cancelled) return;
    const json = JSON.stringify(message);
    parts.push(json);
    chars += json.length;
    if (chars >= MESSAGES_PER_EVENT_CHARS) await flush();
  }
  await flush();
}

async function answerImport(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const query = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    const { path: field, message } = zodIssues(query.error)[0]!;
    throw new ImportError('invalid-parameter', `${field || 'query'}: ${message}.`, { field });
  }
  if (/^multipart\//i.test(request.headers.get('content-type') ?? '')) {
    throw new ImportError(
      'unsupported-media-type',
      'Send the file itself as the request body (for example curl --data-binary @session.jsonl), not a multipart form.',
    );
  }
  const bytes = await readBodyBytes(
    request,
    IMPORT_LIMITS.maxBytes,
    () => new ImportTooLargeError(Number(request.headers.get('content-length')) || IMPORT_LIMITS.maxBytes + 1, IMPORT_LIMITS.maxBytes),
  );
  const options = { format: query.data.format, fileName: query.data.name, byteLength: bytes.byteLength };
  const text = decodeUtf8(bytes);

  if (!/application\/x-ndjson/i.test(request.headers.get('accept') ?? '')) {
    return jsonResponse(await withTokens(await importTranscript(text, options)));
  }

  // A person who closes the page stops the import: progress is the import's yield point, and the
  // next one after a cancel ends it instead of parsing the rest for nobody.
  const stream = ndjsonStream(async (writer) => {
    const progress = (event: ImportStreamEvent) => {
      if (writer.cancelled) throw new ImportCancelled();
      void writer.send(event);
    };
    try {
      const result = await importTranscript(text, { ...options, onProgress: (next) => progress({ type: 'progress', ...next }) });
      progress({ type: 'progress', phase: 'register', done: 0, total: 1 });
      const registration = await registerParent(result.transcript);
      const answer = await withTokens(result);
      await sendMessages(writer, answer.transcript.messages);
      if (writer.cancelled) return;
      const event: ImportStreamEvent = {
        type: 'result',
        result: { ...answer, transcript: { ...answer.transcript, messages: [] } },
        registration,
        streamedMessages: answer.transcript.messages.length,
      };
      await writer.send(event);
    } catch (error) {
      if (error instanceof ImportCancelled || writer.cancelled) return;
      // The answer has started (200): the error goes in the stream, in the same body as any other.
      const refused = importHttpError(error);
      await writer.send({ type: 'error', status: refused.status, ...refused.body } satisfies ImportStreamEvent);
    }
  });
  return new Response(stream, { status: 200, headers: { ...API_HEADERS, 'content-type': 'application/x-ndjson; charset=utf-8' } });
}
