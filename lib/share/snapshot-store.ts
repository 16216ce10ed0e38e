import type Database from 'better-sqlite3';
import { openDatabase } from '@/lib/sqlite/open-database';

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

  /** Keep a snapshot; true when it is new, false when the same content was shared before. */
  put(id: string, body: string, now = new Date()): boolean {
    const result = this.#db
      .prepare('INSERT OR IGNORE INTO snapshots (id, created_at, bytes, body) VALUES (?, ?, ?, ?)')
      .run(id, now.toISOString(), Buffer.byteLength(body), body);
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
