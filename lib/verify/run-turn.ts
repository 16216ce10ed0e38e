import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** How one turn of a runtime ended. */
export interface TurnOutcome {
  exitCode: number | null;
  timedOut: boolean;
  seconds: number;
}

/**
 * Run one headless turn of a runtime: its own environment only (PATH, a locale, and what its driver
 * sets: nothing of the user's keys or settings leaks in), no standard input, its output kept in
 * `logFile`. A runtime that outlives `timeoutMs` is killed with its children.
 */
export function runTurn(
  executable: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; logFile: string; timeoutMs: number },
): Promise<TurnOutcome> {
  const started = performance.now();
  const log = createWriteStream(options.logFile, { flags: 'a' });
  log.write(`$ ${[executable, ...args].map((arg) => JSON.stringify(arg)).join(' ')}\n`);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1', ...options.env };
  const child = spawn(executable, args, {
    cwd: options.cwd,
    // Next's types make NODE_ENV required; a runtime gets none, as from a clean shell.
    env: env as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, options.timeoutMs);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      log.write(`\n[fork-lab verify] could not start: ${error.message}\n`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // Background agents a runtime left behind go with it.
      killGroup(child.pid);
      log.end(`\n[fork-lab verify] exit ${code ?? 'signal'}${timedOut ? ` (killed after ${options.timeoutMs} ms)` : ''}\n`);
      resolve({ exitCode: code, timedOut, seconds: (performance.now() - started) / 1000 });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
