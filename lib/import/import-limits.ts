/**
 * What an import accepts. Every limit is checked before the work it guards: the size before a
 * byte is decoded, the line count and each line's length before it is parsed, the nesting before a
 * value is walked. They are generous for real sessions (a long Claude Code session is a few MB) and
 * stop a file from taking the server down.
 */
export interface ImportLimits {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** Longest single line (one JSONL record), in characters. */
  maxLineChars: number;
  /** Most non-empty lines a JSONL file may have. */
  maxLines: number;
  /** Deepest nesting of arrays and objects in any record. */
  maxDepth: number;
}

export const IMPORT_LIMITS: ImportLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxLineChars: 16 * 1024 * 1024,
  maxLines: 500_000,
  maxDepth: 100,
};

export { formatBytes } from '@/lib/http/format-bytes';
