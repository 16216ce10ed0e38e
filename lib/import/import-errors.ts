import { formatBytes } from './import-limits';

/** Where in the source a problem is: a 1-based line, a field path, or both. */
export interface SourceLocation {
  line?: number;
  field?: string;
}

/**
 * Every code `POST /api/import` answers with: the input's problems, then the request's own
 * (`invalid-parameter`, `unsupported-media-type`) and `internal` (the server failed, not the input),
 * which only the endpoint sends.
 */
export const IMPORT_ERROR_CODES = [
  'too-large',
  'empty',
  'binary',
  'invalid-json',
  'line-too-long',
  'too-many-lines',
  'too-deep',
  'unknown-format',
  'ambiguous-format',
  'format-mismatch',
  'no-conversation',
  'invalid-content',
  'invalid-parameter',
  'unsupported-media-type',
  'internal',
] as const;

export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/**
 * An input that cannot be imported. Nothing is made from it: no session, no partial transcript.
 * The message names the line or field and says what is allowed.
 */
export class ImportError extends Error {
  override readonly name: string = 'ImportError';

  constructor(
    readonly code: ImportErrorCode,
    message: string,
    readonly location: SourceLocation = {},
  ) {
    super(message);
  }

  toJSON(): { code: ImportErrorCode; message: string; line?: number; field?: string } {
    return { code: this.code, message: this.message, ...this.location };
  }
}

export class ImportTooLargeError extends ImportError {
  override readonly name = 'ImportTooLargeError';
  constructor(bytes: number, maxBytes: number) {
    super('too-large', `The file is ${formatBytes(bytes)}; imports are limited to ${formatBytes(maxBytes)}.`);
  }
}

export class EmptyImportError extends ImportError {
  override readonly name = 'EmptyImportError';
  constructor() {
    super('empty', 'The input is empty. Paste or drop a transcript: JSON or JSON Lines.');
  }
}

export class BinaryImportError extends ImportError {
  override readonly name = 'BinaryImportError';
  constructor(reason: string) {
    super('binary', `This is not a text transcript (${reason}). Import JSON or JSON Lines saved as UTF-8.`);
  }
}

export class InvalidJsonError extends ImportError {
  override readonly name = 'InvalidJsonError';
  constructor(detail: string, location: SourceLocation) {
    const where = location.line === undefined ? 'The input' : `Line ${location.line}`;
    super('invalid-json', `${where} is not valid JSON: ${detail}.`, location);
  }
}

export class LineTooLongError extends ImportError {
  override readonly name = 'LineTooLongError';
  constructor(line: number, chars: number, maxChars: number) {
    super('line-too-long', `Line ${line} is ${formatBytes(chars)} long; a single record may be at most ${formatBytes(maxChars)}.`, { line });
  }
}

export class TooManyLinesError extends ImportError {
  override readonly name = 'TooManyLinesError';
  constructor(lines: number, maxLines: number) {
    super('too-many-lines', `The file has ${lines.toLocaleString('en-US')} lines; imports are limited to ${maxLines.toLocaleString('en-US')}.`);
  }
}

export class NestingTooDeepError extends ImportError {
  override readonly name = 'NestingTooDeepError';
  constructor(maxDepth: number, location: SourceLocation) {
    const where = location.line === undefined ? '' : `Line ${location.line}: `;
    super(
      'too-deep',
      `${where}the value at ${location.field ?? '(root)'} is nested more than ${maxDepth} levels deep; transcripts are limited to ${maxDepth}.`,
      location,
    );
  }
}

export class UnknownFormatError extends ImportError {
  override readonly name = 'UnknownFormatError';
  constructor(detail: string, supported: readonly string[]) {
    super('unknown-format', `Fork Lab does not recognise this transcript (${detail}). It reads: ${supported.join(', ')}.`);
  }
}

export class AmbiguousFormatError extends ImportError {
  override readonly name = 'AmbiguousFormatError';
  constructor(readonly candidates: readonly { id: string; label: string }[]) {
    super('ambiguous-format', `This input could be ${candidates.map((candidate) => candidate.label).join(' or ')}. Choose the format to import it as.`);
  }

  override toJSON() {
    return { ...super.toJSON(), candidates: this.candidates };
  }
}

export class FormatMismatchError extends ImportError {
  override readonly name = 'FormatMismatchError';
  constructor(label: string, detail: string, location: SourceLocation = {}) {
    super('format-mismatch', `This is not ${label}: ${detail}.`, location);
  }
}

export class NoConversationError extends ImportError {
  override readonly name = 'NoConversationError';
  constructor(label: string, detail: string) {
    super('no-conversation', `Nothing to import: this ${label} input holds no conversation (${detail}).`);
  }
}

export class InvalidContentError extends ImportError {
  override readonly name = 'InvalidContentError';
  constructor(message: string, location: SourceLocation = {}) {
    super('invalid-content', message, location);
  }
}
