import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../main';

/** The repository root, where `bin/fork-lab.mjs` runs from. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real command, as CI runs it: `node bin/fork-lab.mjs …` from the repository. */
export function forkLab(...args: string[]): CliRun {
  return forkLabIn(REPO_ROOT, ...args);
}

/** The real command run from another directory, as a runtime's own CI runs it from its checkout. */
export function forkLabIn(cwd: string, ...args: string[]): CliRun {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin/fork-lab.mjs'), ...args], { cwd, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The same command line in this process: `runCli` is what the bin runs, without a process to start. */
export async function forkLabInProcess(...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}
