import type Database from 'better-sqlite3';
import { openDatabase } from '@/lib/sqlite/open-database';
import type { AnswerHead } from './cache-diagnostics-request';
import type { ModelApi } from './model-api';

/** One request a runtime sent through Fork Lab, and what came back. */
export interface Capture {
  id: number;
  api: ModelApi;
  /** The runtime's own session id when it sent one (`prompt_cache_key`, `metadata.user_id`, a session header), else null. */
  sessionKey: string | null;
  /** The capture session its base URL named (`/capture/<name>/v1`, see capture-session.ts), else null. */
  captureSession: string | null;
  requestBody: string;
  requestHeaders: Record<string, string>;
  status: number | null;
  responseBody: string | null;
  /** The response was longer than the store keeps: its start is kept. */
  responseTruncated: boolean;
  responseHeaders: Record<string, string> | null;
  error: string | null;
  startedAt: string;
  endedAt: string | null;
}

interface CaptureRow {
  id: number;
  api: string;
  session_key: string | null;
  capture_session: string | null;
  request_body: string;
  request_headers: string;
  status: number | null;
  response_body: string | null;
  response_truncated: number;
  response_headers: string | null;
  error: string | null;
  started_at: string;
  ended_at: string | null;
}

/**
 * Captured model traffic in SQLite (WAL: a committed capture survives a crash). A request is
 * written before it is forwarded, its response when it ends, so a capture in progress is visible.
 */
export class CaptureStore {
  readonly #db: Database.Database;

  constructor(file: string) {
    this.#db = openDatabase(file);
    this.#db.exec(`
      CREATE TABLE IF NOT EXISTS captures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        api TEXT NOT NULL,
        session_key TEXT,
        request_body TEXT NOT NULL,
        request_headers TEXT NOT NULL,
        status INTEGER,
        response_body TEXT,
        response_truncated INTEGER NOT NULL DEFAULT 0,
        response_headers TEXT,
        error TEXT,
        started_at TEXT NOT NULL,
        ended_at TEXT
      );
      CREATE INDEX IF NOT EXISTS captures_by_session ON captures(session_key, id);
    `);
    // Stores written before capture sessions existed gain the column; their captures belong to none.
    const columns = this.#db.prepare('PRAGMA table_info(captures)').all() as { name: string }[];
    if (!columns.some((column) => column.name === 'capture_session')) this.#db.exec('ALTER TABLE captures ADD COLUMN capture_session TEXT');
    this.#db.exec('CREATE INDEX IF NOT EXISTS captures_by_capture_session ON captures(capture_session, id)');
  }

  begin(input: {
    api: ModelApi;
    sessionKey: string | null;
    captureSession?: string | null;
    requestBody: string;
    requestHeaders: Record<string, string>;
  }): number {
    const result = this.#db
      .prepare('INSERT INTO captures (api, session_key, capture_session, request_body, request_headers, started_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.api, input.sessionKey, input.captureSession ?? null, input.requestBody, JSON.stringify(input.requestHeaders), new Date().toISOString());
    return Number(result.lastInsertRowid);
  }

  finish(
    id: number,
    outcome: {
      status: number | null;
      responseBody: string | null;
      responseTruncated: boolean;
      responseHeaders: Record<string, string> | null;
      error: string | null;
    },
  ): void {
    this.#db
      .prepare('UPDATE captures SET status = ?, response_body = ?, response_truncated = ?, response_headers = ?, error = ?, ended_at = ? WHERE id = ?')
      .run(
        outcome.status,
        outcome.responseBody,
        outcome.responseTruncated ? 1 : 0,
        outcome.responseHeaders === null ? null : JSON.stringify(outcome.responseHeaders),
        outcome.error,
        new Date().toISOString(),
        id,
      );
  }

  /** A capture by its number; with `session`, only if it belongs to that capture session. */
  get(id: number, session?: string): Capture | null {
    const row = this.#db.prepare('SELECT * FROM captures WHERE id = ?').get(id) as CaptureRow | undefined;
    return row === undefined || (session !== undefined && row.capture_session !== session) ? null : toCapture(row);
  }

  /**
   * The newest captures first: at most `limit`, and no more of them than fit in `byteBudget` of
   * request and response text (one capture always), so a listing never loads a store's worth of bodies.
   * With `session`, only that capture session's.
   */
  list(limit = 100, byteBudget = Number.POSITIVE_INFINITY, session?: string): Capture[] {
    const size = 'SELECT id, length(request_body) + COALESCE(length(response_body), 0) AS size FROM captures';
    const sizes = (
      session === undefined
        ? this.#db.prepare(`${size} ORDER BY id DESC LIMIT ?`).all(limit)
        : this.#db.prepare(`${size} WHERE capture_session = ? ORDER BY id DESC LIMIT ?`).all(session, limit)
    ) as { id: number; size: number }[];
    const ids: number[] = [];
    let total = 0;
    for (const { id, size } of sizes) {
      if (ids.length > 0 && total + size > byteBudget) break;
      ids.push(id);
      total += size;
    }
    const read = this.#db.prepare('SELECT * FROM captures WHERE id = ?');
    return ids.map((id) => toCapture(read.get(id) as CaptureRow));
  }

  /**
   * The newest finished answers of one session, newest first, at most `limit`: each request's
   * model and the start of its answer, read in SQLite so that no whole body is loaded for it.
   */
  recentAnswerHeads(sessionKey: string, limit: number, headChars: number): AnswerHead[] {
    return this.#db
      .prepare(
        `SELECT status,
           CASE WHEN json_valid(request_body) THEN json_extract(request_body, '$.model') END AS model,
           substr(response_body, 1, ?) AS head
         FROM captures WHERE session_key = ? AND ended_at IS NOT NULL ORDER BY id DESC LIMIT ?`,
      )
      .all(headChars, sessionKey, limit)
      .map((row) => {
        const { status, model, head } = row as { status: number | null; model: unknown; head: string | null };
        return { status, model: typeof model === 'string' ? model : null, head };
      });
  }

  /** Forget a capture session's traffic, or with no session every capture; how many were forgotten. */
  clear(session?: string): number {
    const result =
      session === undefined ? this.#db.prepare('DELETE FROM captures').run() : this.#db.prepare('DELETE FROM captures WHERE capture_session = ?').run(session);
    return result.changes;
  }

  /** The capture sessions the store holds traffic of, with how many requests each, newest first. */
  sessions(): { name: string; requests: number }[] {
    return this.#db
      .prepare(
        'SELECT capture_session AS name, count(*) AS requests FROM captures WHERE capture_session IS NOT NULL GROUP BY capture_session ORDER BY max(id) DESC',
      )
      .all() as { name: string; requests: number }[];
  }

  close(): void {
    this.#db.close();
  }
}

function toCapture(row: CaptureRow): Capture {
  return {
    id: row.id,
    api: row.api as ModelApi,
    sessionKey: row.session_key,
    captureSession: row.capture_session,
    requestBody: row.request_body,
    requestHeaders: JSON.parse(row.request_headers) as Record<string, string>,
    status: row.status,
    responseBody: row.response_body,
    responseTruncated: row.response_truncated === 1,
    responseHeaders: row.response_headers === null ? null : (JSON.parse(row.response_headers) as Record<string, string>),
    error: row.error,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}
