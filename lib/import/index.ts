/**
 * Fork Lab's importers: a file's bytes or pasted text in, a parent transcript the engine accepts
 * and a fidelity report out, or an `ImportError` naming the line or field and nothing made.
 *
 * Start with {@link importTranscript}. Browser code imports the small modules it needs directly
 * (`import-limits`, `import-format-choices`, `fidelity-report`), so the importers stay on the server.
 */
export { importTranscript, countTranscript, type ImportOptions, type ImportResult } from './import-transcript';
export { IMPORT_LIMITS, formatBytes, type ImportLimits } from './import-limits';
export { IMPORT_FORMAT_IDS, type BundledChild, type ConvertedImport, type ImportFormat, type ImportFormatId } from './import-format';
export { IMPORT_FORMAT_CHOICES } from './import-format-choices';
export { IMPORT_FORMATS } from './formats';
export { detectFormat, rankFormats } from './detect-format';
export type { FidelityAction, FidelityCounts, FidelityEntry, FidelityReport } from './fidelity-report';
export type { ImportAnswer, ImportedChild, ImportErrorBody, ImportStreamEvent } from './import-answer';
export type { ImportProgress } from './import-source';
export {
  AmbiguousFormatError,
  BinaryImportError,
  EmptyImportError,
  FormatMismatchError,
  ImportError,
  ImportTooLargeError,
  InvalidContentError,
  InvalidJsonError,
  LineTooLongError,
  NestingTooDeepError,
  NoConversationError,
  TooManyLinesError,
  UnknownFormatError,
  type ImportErrorCode,
} from './import-errors';
