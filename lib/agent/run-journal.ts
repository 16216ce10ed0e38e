import type Database from 'better-sqlite3';
import type { ForkBootstrapRecord, ForkPolicy, ModelMessage } from '@/lib/fork';
import type { PredictedCache, RunRecord, RunStatus } from '@/lib/fork-exchange/run-record';
import { openDatabase } from '@/lib/sqlite/open-database';
import type { ReportedUsage } from '@/lib/wire/reported-usage';

interface RunRow {
  id: string;
  session_id: string;
  name: string;
  policy: string;
  model_id: string;
  status: string;
  bootstrap: string | null;
  final_output: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  message_count: number;
  predicted_cache: string | null;
  reported_usage: string | null;
}

/** Columns added after the first release: a journal written before them gets them on open. */
const LATER_COLUMNS = { predicted_cache: 'TEXT', reported_usage: 'TEXT' } as const;

export { dataDirectory } from '@/lib/sqlite/open-database';

/**
 * The run journal: every child's bootstrap record, written before its first model call, then each
 * message as it arrives, one transaction per write. SQLite in WAL mode keeps every committed write
 * through a crash of the process, so a killed server loses at most the message it was writing.
 */
export class RunJournal {
  readonly #db: Database.Database;

  constructor(file: string) {
    this.#db = openDatabase(file);
    this.#db.exec(`
      CREATE TABLE IF NOT EXISTS runs (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        name TEXT NOT NULL,
        policy TEXT NOT NULL,
        model_id TEXT NOT NULL,
        status TEXT NOT NULL,
        bootstrap TEXT,
        final_output TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS run_messages (
        run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        message TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
      );
      CREATE INDEX IF NOT EXISTS runs_by_session ON runs(session_id, created_at);
    `);
    const present = new Set((this.#db.prepare('PRAGMA table_info(runs)').all() as { name: string }[]).map((column) => column.name));
    for (const [name, type] of Object.entries(LATER_COLUMNS)) {
      if (!present.has(name)) this.#db.exec(`ALTER TABLE runs ADD COLUMN ${name} ${type}`);
    }
  }

  createRun(run: {
    id: string;
    sessionId: string;
    name: string;
    policy: ForkPolicy;
    modelId: string;
    bootstrap: ForkBootstrapRecord | null;
    predictedCache?: PredictedCache | null;
  }): RunRecord {
    const now = new Date().toISOString();
    const predicted = run.predictedCache == null ? null : JSON.stringify(run.predictedCache);
    this.#db
      .prepare(
        `INSERT INTO runs (id, session_id, name, policy, model_id, status, bootstrap, created_at, updated_at, predicted_cache)
         VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?)`,
      )
      .run(run.id, run.sessionId, run.name, run.policy, run.modelId, run.bootstrap === null ? null : JSON.stringify(run.bootstrap), now, now, predicted);
    return this.getRun(run.id)!;
  }

  /** The usage the provider reported for the run's first request; a revived run keeps its first one. Answers whether it was kept. */
  setReportedUsage(runId: string, usage: ReportedUsage): boolean {
    const result = this.#db
      .prepare('UPDATE runs SET reported_usage = ?, updated_at = ? WHERE id = ? AND reported_usage IS NULL')
      .run(JSON.stringify(usage), new Date().toISOString(), runId);
    return result.changes > 0;
  }

  /** Append one message; answers its sequence number. */
  appendMessage(runId: string, message: ModelMessage): number {
    return this.#db.transaction(() => {
      const { next } = this.#db.prepare('SELECT COALESCE(MAX(seq), -1) + 1 AS next FROM run_messages WHERE run_id = ?').get(runId) as { next: number };
      this.#db.prepare('INSERT INTO run_messages (run_id, seq, message) VALUES (?, ?, ?)').run(runId, next, JSON.stringify(message));
      this.#db.prepare('UPDATE runs SET updated_at = ? WHERE id = ?').run(new Date().toISOString(), runId);
      return next;
    })();
  }

  setStatus(runId: string, status: RunStatus, details: { finalOutput?: string | null; error?: string | null } = {}): void {
    this.#db
      .prepare('UPDATE runs SET status = ?, final_output = COALESCE(?, final_output), error = ?, updated_at = ? WHERE id = ?')
      .run(status, details.finalOutput ?? null, details.error ?? null, new Date().toISOString(), runId);
  }

  getRun(id: string): RunRecord | null {
    const row = this.#db.prepare('SELECT runs.*, (SELECT COUNT(*) FROM run_messages WHERE run_id = runs.id) AS message_count FROM runs WHERE id = ?').get(id) as
      | RunRow
      | undefined;
    return row === undefined ? null : toRecord(row);
  }

  listRuns(sessionId: string): RunRecord[] {
    const rows = this.#db
      .prepare('SELECT runs.*, (SELECT COUNT(*) FROM run_messages WHERE run_id = runs.id) AS message_count FROM runs WHERE session_id = ? ORDER BY created_at')
      .all(sessionId) as RunRow[];
    return rows.map(toRecord);
  }

  messages(runId: string): ModelMessage[] {
    const rows = this.#db.prepare('SELECT message FROM run_messages WHERE run_id = ? ORDER BY seq').all(runId) as { message: string }[];
    return rows.map((row) => JSON.parse(row.message) as ModelMessage);
  }

  /** Replace a run's messages (after revival dropped an unstable tail), in one transaction. */
  replaceMessages(runId: string, messages: readonly ModelMessage[]): void {
    this.#db.transaction(() => {
      this.#db.prepare('DELETE FROM run_messages WHERE run_id = ?').run(runId);
      const insert = this.#db.prepare('INSERT INTO run_messages (run_id, seq, message) VALUES (?, ?, ?)');
      for (const [seq, message] of messages.entries()) insert.run(runId, seq, JSON.stringify(message));
    })();
  }

  /** At start-up: runs the previous process left running did not finish; they are interrupted. */
  markInterrupted(): number {
    return this.#db
      .prepare("UPDATE runs SET status = 'interrupted', error = 'The server stopped while this child was running.', updated_at = ? WHERE status = 'running'")
      .run(new Date().toISOString()).changes;
  }

  close(): void {
    this.#db.close();
  }
}

function toRecord(row: RunRow): RunRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    name: row.name,
    policy: row.policy as ForkPolicy,
    modelId: row.model_id,
    status: row.status as RunStatus,
    bootstrap: row.bootstrap === null ? null : (JSON.parse(row.bootstrap) as ForkBootstrapRecord),
    finalOutput: row.final_output,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messageCount: row.message_count,
    predictedCache: row.predicted_cache === null ? null : (JSON.parse(row.predicted_cache) as PredictedCache),
    reportedUsage: row.reported_usage === null ? null : (JSON.parse(row.reported_usage) as ReportedUsage),
  };
}
