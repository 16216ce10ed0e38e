import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Where Fork Lab's SQLite files live: `FORK_LAB_DATA_DIR`, or `.data/` in the project. */
export function dataDirectory(env: Record<string, string | undefined> = process.env): string {
  // The place is chosen at run time; tracing it would pull the whole project into the build.
  return path.resolve(/*turbopackIgnore: true*/ env.FORK_LAB_DATA_DIR || path.join(process.cwd(), '.data'));
}

/**
 * An SQLite file (its folder made if need be) in WAL mode, which keeps every committed write
 * through a crash of the process; a writer waits up to 5 s for another instead of failing.
 */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}
