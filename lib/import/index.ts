/**
 * Fork Lab's importers: a file's bytes or pasted text in, a parent transcript the engine accepts
 * and a fidelity report out, or an `ImportError` naming the line or field and nothing made.
 *
 * Start with {@link importTranscript}. Browser code imports the small modules it needs directly
 * (`import-limits`, `import-format-choices`, `fidelity-report`), so the importers stay on the server.
 */

export { detectFormat, rankFormats } from './detect-format';
export type { FidelityAction, FidelityCounts, FidelityEntry, FidelityReport } from './fidelity-report';
export { IMPORT_FORMATS } from './formats';
export type { ImportAnswer, ImportErrorBody, ImportedChild, ImportStreamEvent } from './import-answer';
export {
  AmbiguousFormatError,
  BinaryImportError,
  EmptyImportError,
  FormatMismatchError,
  IMPORT_ERROR_CODES,
  ImportError,
  type ImportErrorCode,
  ImportTooLargeError,
  InvalidContentError,
  InvalidJsonError,
  LineTooLongError,
  NestingTooDeepError,
  NoConversationError,
  TooManyLinesError,
  UnknownFormatError,
} from './import-errors';
export { type BundledChild, type ConvertedImport, IMPORT_FORMAT_IDS, type ImportFormat, type ImportFormatId } from './import-format';
export { IMPORT_FORMAT_CHOICES } from './import-format-choices';
export { formatBytes, IMPORT_LIMITS, type ImportLimits } from './import-limits';
export type { ImportProgress } from './import-source';
export { countTranscript, type ImportOptions, type ImportResult, importTranscript } from './import-transcript';
