import { yieldToEventLoop } from '@/lib/slicing/yield-to-event-loop';
import type { FidelityLog } from './fidelity-report';
import { BinaryImportError, EmptyImportError, ImportTooLargeError, InvalidJsonError, LineTooLongError, TooManyLinesError } from './import-errors';
import { IMPORT_LIMITS, type ImportLimits } from './import-limits';
import type { ImportSource, ProgressListener, SourceRecord } from './import-source';
import { needsSanitizing, sanitizeJson } from './sanitize-json';

const YIELD_EVERY_LINES = 5_000;

/** Bytes to text: refuses binary data and invalid UTF-8 before any parsing. */
export function decodeSourceBytes(bytes: Uint8Array, limits: ImportLimits = IMPORT_LIMITS): string {
  if (bytes.byteLength > limits.maxBytes) throw new ImportTooLargeError(bytes.byteLength, limits.maxBytes);
  const probe = bytes.subarray(0, 8192);
  if (probe.includes(0)) throw new BinaryImportError('it contains NUL bytes');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new BinaryImportError('it is not valid UTF-8');
  }
}

/** `Unexpected token } in JSON at position 17` → line and column within `text`. */
function jsonErrorDetail(error: unknown, text: string, firstLine: number): { detail: string; line: number } {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (position === null) return { detail: message, line: firstLine };
  const offset = Number(position[1]);
  let line = firstLine;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  const column = offset - lineStart + 1;
  return { detail: `${message.replace(/\s*\(line \d+ column \d+\)/, '')} (column ${column})`, line };
}

function parseJson(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const { detail, line: errorLine } = jsonErrorDetail(error, text, line);
    throw new InvalidJsonError(detail, { line: errorLine });
  }
}

/**
 * Read a source's text as one JSON document or as JSON Lines, enforcing every limit before the work
 * it guards. A last line cut off mid-record (the session was still being written) is dropped and
 * reported; any other bad line refuses the whole import, since what follows it cannot be trusted.
 */
export async function readImportSource(
  input: string | Uint8Array,
  log: FidelityLog,
  options: { limits?: ImportLimits; onProgress?: ProgressListener; byteLength?: number } = {},
): Promise<ImportSource> {
  const limits = options.limits ?? IMPORT_LIMITS;
  const bytes = typeof input === 'string' ? (options.byteLength ?? utf8ByteLength(input)) : input.byteLength;
  if (bytes > limits.maxBytes) throw new ImportTooLargeError(bytes, limits.maxBytes);
  let text = typeof input === 'string' ? input : decodeSourceBytes(input, limits);
  if (typeof input === 'string' && text.slice(0, 8192).includes('\u0000')) {
    throw new BinaryImportError('it contains NUL characters');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // A search, not trim(): trimming a 50 MB text would copy it only to test it.
  if (text.search(/\S/) === -1) throw new EmptyImportError();

  const sanitize = (value: unknown, line: number | undefined) =>
    sanitizeJson(value, {
      maxDepth: limits.maxDepth,
      line,
      onDropped: ({ field }) => log.add('dropped', `key "__proto__" removed: it is not allowed as a key (${field})`, { line }),
    });

  if (!isJsonLines(text)) {
    options.onProgress?.({ phase: 'parse', done: 0, total: 1 });
    const value = parseJson(text, 1);
    if (needsSanitizing(text, limits.maxDepth)) sanitize(value, undefined);
    options.onProgress?.({ phase: 'parse', done: 1, total: 1 });
    return { shape: 'json', value, bytes };
  }

  const lines = text.split('\n');
  text = '';
  let nonEmpty = 0;
  for (const line of lines) if (/\S/.test(line)) nonEmpty++;
  if (nonEmpty > limits.maxLines) throw new TooManyLinesError(nonEmpty, limits.maxLines);
  const lastContentLine = lastNonEmptyIndex(lines);
  const endsWithNewline = lastContentLine < lines.length - 1;

  const records: SourceRecord[] = [];
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    if (raw.length > limits.maxLineChars) throw new LineTooLongError(index + 1, raw.length, limits.maxLineChars);
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      if (index === lastContentLine && !endsWithNewline && records.length > 0) {
        log.add('dropped', 'truncated last line: the file ends mid-record (it was still being written)', {
          line: index + 1,
        });
        break;
      }
      const { detail } = jsonErrorDetail(error, trimmed, index + 1);
      throw new InvalidJsonError(detail, { line: index + 1 });
    }
    if (needsSanitizing(trimmed, limits.maxDepth)) sanitize(value, index + 1);
    records.push({ line: index + 1, value });
    if ((index + 1) % YIELD_EVERY_LINES === 0) {
      options.onProgress?.({ phase: 'parse', done: index + 1, total: lines.length });
      await yieldToEventLoop();
    }
  }
  options.onProgress?.({ phase: 'parse', done: lines.length, total: lines.length });
  return { shape: 'jsonl', records, bytes };
}

/** The UTF-8 size of a text, without encoding it (a 50 MB text would cost a 50 MB copy). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * JSON Lines or one document, decided without parsing (so a line's limit holds before it is
 * parsed): more than one non-blank line, the first of which is a whole object on its own line.
 * A pretty-printed document opens with `{` or `[` alone, or ends its first line mid-value.
 */
export function isJsonLines(text: string): boolean {
  const start = text.search(/\S/);
  if (start === -1 || text[start] !== '{') return false;
  let end = text.indexOf('\n', start);
  if (end === -1) return false;
  const more = /\S/g;
  more.lastIndex = end;
  if (!more.test(text)) return false;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return text[end - 1] === '}';
}

function lastNonEmptyIndex(lines: readonly string[]): number {
  for (let index = lines.length - 1; index >= 0; index--) if (lines[index]!.trim() !== '') return index;
  return -1;
}
