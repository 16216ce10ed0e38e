import 'server-only';
import { isUtf8 } from 'node:buffer';
import { z } from 'zod';
import { liveTokenReport, registerParent } from '@/lib/fork-service/fork-service';
import { readBodyBytes } from '@/lib/http/read-json-body';
import {
  BinaryImportError,
  IMPORT_FORMAT_IDS,
  IMPORT_LIMITS,
  type ImportAnswer,
  ImportError,
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

/** The reader went away; the import stops at its next progress report. */
class ImportCancelled extends Error {
  override readonly name = 'ImportCancelled';
}

function statusOf(error: ImportError): number {
  if (error.code === 'too-large') return 413;
  if (error.code === 'ambiguous-format') return 422;
  return 400;
}

/** The answer, with each bundled child's token counts (its plan was checked by the importer). */
function withTokens(result: ImportResult): ImportAnswer {
  const { children, ...rest } = result;
  return {
    ...rest,
    formatLabel: result.report.formatLabel,
    ...(children === undefined
      ? {}
      : {
          children: children.map((child, index) => {
            try {
              return { ...child, tokens: child.plan.child === null ? null : liveTokenReport(child.plan, result.transcript) };
            } catch {
              throw new InvalidContentError(`children[${index}].plan: its messages cannot be counted; the plan is not one the engine makes.`, {
                field: `children[${index}].plan`,
              });
            }
          }),
        }),
  };
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

function errorBody(error: ImportError) {
  return { error: error.toJSON() };
}

const HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...HEADERS, 'content-type': 'application/json; charset=utf-8' } });
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
  const url = new URL(request.url);
  const query = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    const issue = query.error.issues[0]!;
    return json({ error: { code: 'invalid-parameter', message: `${issue.path.join('.') || 'query'}: ${issue.message}.`, field: issue.path.join('.') } }, 400);
  }
  const type = request.headers.get('content-type') ?? '';
  if (/^multipart\//i.test(type)) {
    return json(
      {
        error: {
          code: 'unsupported-media-type',
          message: 'Send the file itself as the request body (for example curl --data-binary @session.jsonl), not a multipart form.',
        },
      },
      415,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(
      request,
      IMPORT_LIMITS.maxBytes,
      () => new ImportTooLargeError(Number(request.headers.get('content-length')) || IMPORT_LIMITS.maxBytes + 1, IMPORT_LIMITS.maxBytes),
    );
  } catch (error) {
    if (error instanceof ImportError) return json({ ...errorBody(error), limitBytes: IMPORT_LIMITS.maxBytes }, statusOf(error));
    throw error;
  }
  const options = { format: query.data.format, fileName: query.data.name, byteLength: bytes.byteLength };
  let text: string;
  try {
    text = decodeUtf8(bytes);
  } catch (error) {
    if (error instanceof ImportError) return json(errorBody(error), statusOf(error));
    throw error;
  }

  if (!/application\/x-ndjson/i.test(request.headers.get('accept') ?? '')) {
    try {
      return json(withTokens(await importTranscript(text, options)), 200);
    } catch (error) {
      if (error instanceof ImportError) return json(errorBody(error), statusOf(error));
      throw error;
    }
  }

  const encoder = new TextEncoder();
  // A person who closes the page stops the import: progress is the import's yield point, and the
  // next one after a cancel ends it instead of parsing the rest for nobody.
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      cancelled = true;
    },
    async start(controller) {
      const send = (event: ImportStreamEvent) => {
        if (cancelled) throw new ImportCancelled();
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      try {
        const result = await importTranscript(text, { ...options, onProgress: (progress) => send({ type: 'progress', ...progress }) });
        send({ type: 'progress', phase: 'register', done: 0, total: 1 });
        const registration = await registerParent(result.transcript);
        send({ type: 'result', result: withTokens(result), registration });
      } catch (error) {
        if (error instanceof ImportCancelled) return;
        if (error instanceof ImportError) send({ type: 'error', status: statusOf(error), error: error.toJSON() });
        else
          send({
            type: 'error',
            status: 500,
            error: { code: 'internal', message: 'Fork Lab could not import this file: an internal error. Nothing was saved or changed.' },
          });
      } finally {
        if (!cancelled) controller.close();
      }
    },
  });
  return new Response(stream, { status: 200, headers: { ...HEADERS, 'content-type': 'application/x-ndjson; charset=utf-8' } });
}
