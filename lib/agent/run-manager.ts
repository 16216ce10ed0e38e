import 'server-only';
import path from 'node:path';
import { languageModel, redactSecrets } from '@/lib/ai/providers';
import { toolsFor } from './agent-tools';
import { ChildRuns } from './child-runs';
import { dataDirectory, RunJournal } from './run-journal';
import { sandboxFor } from './sandbox-files';

interface RunManager {
  journal: RunJournal;
  runs: ChildRuns;
  /** Runs the previous server process left running, marked interrupted at start-up. */
  interruptedAtStart: number;
}

const holder = globalThis as typeof globalThis & { forkLabRunManager?: RunManager };

/**
 * The server's one run journal and run manager, created on first use. Creating it is the
 * server's start as far as runs go: any run still marked running belongs to a process that is
 * gone, so it is marked interrupted and can be revived.
 */
export function runManager(): RunManager {
  if (holder.forkLabRunManager === undefined) {
    const journal = new RunJournal(path.join(dataDirectory(), 'runs.sqlite'));
    const interruptedAtStart = journal.markInterrupted();
    const runs = new ChildRuns({
      journal,
      model: (id) => languageModel(id),
      tools: (sessionId, declarations) => toolsFor(declarations, sandboxFor(sessionId)),
      redact: (text) => redactSecrets(text),
      maxSteps: Number(process.env.FORK_LAB_MAX_STEPS ?? 8) || 8,
      runTimeoutMs: Number(process.env.FORK_LAB_RUN_TIMEOUT_MS ?? 120_000) || 120_000,
      maxRunning: Number(process.env.FORK_LAB_MAX_RUNNING ?? 32) || 32,
    });
    holder.forkLabRunManager = { journal, runs, interruptedAtStart };
  }
  return holder.forkLabRunManager;
}
