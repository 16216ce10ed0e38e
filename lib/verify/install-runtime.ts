import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type DrivenRuntime, RUNTIME_PINS } from './runtime-pins';

const run = promisify(execFile);

/** A runtime ready to drive: its executable and the release it reports. */
export interface InstalledRuntime {
  name: DrivenRuntime;
  version: string;
  executable: string;
  /** Where it came from: the cache folder it was installed in, or the path the user gave. */
  origin: 'installed' | 'cached' | 'given';
}

/** The cache the runtimes are installed in: never the app's own dependencies. */
export function defaultRuntimeCache(env: Record<string, string | undefined> = process.env): string {
  return env.FORK_LAB_RUNTIME_CACHE || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'fork-lab', 'runtimes');
}

/** The newest release the npm registry has of a runtime, for the drift report. */
export async function latestVersion(name: DrivenRuntime): Promise<string> {
  const { stdout } = await run('npm', ['view', RUNTIME_PINS[name].package, 'version'], { timeout: 60_000 });
  return stdout.trim();
}

/**
 * The runtime at a release, installed from npm into a folder of its own under `cache`
 * (`<package>@<version>`), or found there from an earlier run. Its own licence governs its use:
 * it is downloaded when the command runs, never bundled with Fork Lab.
 */
export async function installRuntime(name: DrivenRuntime, version: string, cache: string): Promise<InstalledRuntime> {
  const pin = RUNTIME_PINS[name];
  const folder = path.join(cache, `${name}@${version}`);
  const executable = path.join(folder, 'node_modules', '.bin', pin.bin);
  const cached = existsSync(executable);
  if (!cached) {
    mkdirSync(folder, { recursive: true });
    await run('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `${pin.package}@${version}`], {
      timeout: 10 * 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  return { name, version: await reportedVersion(executable), executable, origin: cached ? 'cached' : 'installed' };
}

/** A runtime the user already has, at a path: driven as it is, its release as it reports it. */
export async function givenRuntime(name: DrivenRuntime, executable: string): Promise<InstalledRuntime> {
  if (!existsSync(executable)) throw new Error(`${name}: no executable at ${executable}`);
  return { name, version: await reportedVersion(executable), executable: path.resolve(executable), origin: 'given' };
}

/** `qwen --version` says `0.24.4`, `codex --version` `codex-cli 0.169.0`, `claude --version` `2.1.328 (Claude Code)`. */
async function reportedVersion(executable: string): Promise<string> {
  const { stdout } = await run(executable, ['--version'], { timeout: 60_000, env: { ...process.env, DISABLE_AUTOUPDATER: '1' } });
  const version = /\d+\.\d+\.\d+(?:[-+][\w.-]+)?/.exec(stdout);
  if (version === null) throw new Error(`${executable} --version printed no version: ${stdout.slice(0, 200)}`);
  return version[0];
}
