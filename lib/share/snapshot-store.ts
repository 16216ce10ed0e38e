import type Database from 'better-sqlite3';
import { openDatabase } from '@/lib/sqlite/open-database';

export class StoreFullError extends Error {
  override readonly name = 'StoreFullError';
  constructor(readonly capacityBytes: number) {
    super(`the share store holds ${Math.round(capacityBytes / 1024 / 1024)} MB and is full`);
  }
}

/**
 * Share snapshots in SQLite, by content id. A snapshot is immutable: writing one that exists
 * changes nothing (same id, same content), so a link keeps showing what it showed.
 */
export class SnapshotStore {
  readonly #db: Database.Database;

  constructor(file: string) {
    this.#db = openDatabase(file);
    this.#db.exec(`
      CREATE TABLE IF NOT EXISTS snapshots (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        body TEXT NOT NULL
      ) STRICT;
    `);
  }

  /** Bytes of every snapshot kept. */
  totalBytes(): number {
    return (this.#db.prepare('SELECT COALESCE(SUM(bytes), 0) AS total FROM snapshots').get() as { total: number }).total;
  }

  /**
   * Keep a snapshot; true when it is new, false when the same content was shared before. Refused
   * (`StoreFullError`) when keeping it would take the store past `capacityBytes`: snapshots are
   * immutable links, so none is dropped to make room.
   */
  put(id: string, body: string, capacityBytes = Number.POSITIVE_INFINITY, now = new Date()): boolean {
    if (this.get(id) !== null) return false;
    const bytes = Buffer.byteLength(body);
    if (this.totalBytes() + bytes > capacityBytes) throw new StoreFullError(capacityBytes);
    const result = this.#db
      .prepare('INSERT OR IGNORE INTO snapshots (id, created_at, bytes, body) VALUES (?, ?, ?, ?)')
      .run(id, now.toISOString(), bytes, body);
    return result.changes === 1;
  }

  get(id: string): { body: string; createdAt: string } | null {
    const row = this.#db.prepare('SELECT body, created_at FROM snapshots WHERE id = ?').get(id) as { body: string; created_at: string } | undefined;
    return row === undefined ? null : { body: row.body, createdAt: row.created_at };
  }

  close(): void {
    this.#db.close();
  }
}
