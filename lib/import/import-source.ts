/** One JSONL record: the parsed value and the 1-based line it was on. */
export interface SourceRecord {
  line: number;
  value: unknown;
}

/**
 * A source as read, before any format is applied: one JSON document (Gemini's legacy session, a
 * `Content[]` checkpoint, an API request body, a bundle) or JSON Lines (Claude Code, Codex, Gemini's
 * JSONL sessions, Qwen Code).
 */
export type ImportSource = { shape: 'json'; value: unknown; bytes: number } | { shape: 'jsonl'; records: SourceRecord[]; bytes: number };

/** How far an import has got, for a progress bar. */
export interface ImportProgress {
  /** `register`: the server keeps the parent for planning and counts its tokens (the app's imports). */
  phase: 'read' | 'parse' | 'convert' | 'validate' | 'register';
  done: number;
  total: number;
}

export type ProgressListener = (progress: ImportProgress) => void;

export { isRecord } from '@/lib/json/is-record';

/** The source's records, a JSON document being one record on line 1. */
export function recordsOf(source: ImportSource): SourceRecord[] {
  return source.shape === 'jsonl' ? source.records : [{ line: 1, value: source.value }];
}

/**
 * `table[key]` for a key that came from the input, which must never reach `Object.prototype`:
 * `"constructor"` or `"toString"` as a record type would otherwise read a built-in function.
 */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A string with something in it, or undefined: optional text fields of a record. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
