import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { programFile } from './programs/program-file';
import { type DrivenRuntime, RUNTIME_PINS, type RuntimePin } from './runtime-pins';

const run = promisify(execFile);

/** A runtime ready to drive: its executable and the release it reports. */
export interface InstalledRuntime {
  name: DrivenRuntime;
  version: string;
  executable: string;
  /** Where it came from: the cache folder it was installed in, or the path the user gave. */
  origin: 'installed' | 'cached' | 'given';
  /** Put first on the runtime's PATH: the folder whose Node it runs on (Node 22 from npm). */
  pathFirst?: string;
  /** What runs before the runtime's own arguments: its executable, or Node and Fork Lab's driver program. */
  command: readonly string[];
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

/** The PATH a runtime runs with: its own Node's folder first, where it brings one. */
export function runtimePath(runtime: Pick<InstalledRuntime, 'pathFirst'>, base: string = process.env.PATH ?? '/usr/bin:/bin'): string {
  return runtime.pathFirst === undefined ? base : `${runtime.pathFirst}${path.delimiter}${base}`;
}

/** What a folder's executable is: the runtime's own bin, or the driver program copied there. */
function executableIn(folder: string, pin: RuntimePin): string {
  return pin.program === undefined ? path.join(folder, 'node_modules', '.bin', pin.bin!) : path.join(folder, pin.program);
}

/** How a folder's runtime is started: its own executable, or Fork Lab's program on this Node. */
function commandOf(executable: string, pin: RuntimePin): string[] {
  return pin.program === undefined ? [executable] : [process.execPath, executable];
}

/**
 * The runtime at a release, installed from npm into a folder of its own under `cache`
 * (`<name>@<version>`, with what it runs on and any pins its tree needs), or found there from an
 * earlier run. Its own licence governs its use: it is downloaded when the command runs, never
 * bundled with Fork Lab.
 */
export async function installRuntime(name: DrivenRuntime, version: string, cache: string): Promise<InstalledRuntime> {
  const pin: RuntimePin = RUNTIME_PINS[name];
  const folder = path.join(cache, `${name}@${version}`);
  const executable = executableIn(folder, pin);
  const marker = path.join(folder, 'node_modules', '.fork-lab-installed');
  const cached = existsSync(executable) && existsSync(marker);
  if (!cached) {
    mkdirSync(folder, { recursive: true });
    // Pins that hold everywhere in the tree are the folder's own package.json's overrides.
    writeFileSync(
      path.join(folder, 'package.json'),
      `${JSON.stringify({ name: `fork-lab-${name}`, private: true, ...(pin.overrides === undefined ? {} : { overrides: pin.overrides }) }, null, 2)}\n`,
    );
    await run(
      'npm',
      [
        'install',
        '--prefix',
        folder,
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        ...(pin.npmFlags ?? []),
        `${pin.package}@${version}`,
        ...(pin.with ?? []),
      ],
      { timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    if (pin.program !== undefined) copyFileSync(programFile(pin.program), executable);
    // Written last: a folder an install left halfway is installed again, not driven.
    writeFileSync(marker, `${pin.package}@${version}\n`);
  }
  const pathFirst = pin.ownNode === true ? path.join(folder, 'node_modules', '.bin') : undefined;
  const installed = {
    name,
    executable,
    origin: cached ? ('cached' as const) : ('installed' as const),
    command: commandOf(executable, pin),
    ...(pathFirst === undefined ? {} : { pathFirst }),
  };
  return { ...installed, version: await reportedVersion(installed) };
}

/** A runtime the user already has, at a path: driven as it is, its release as it reports it. */
export async function givenRuntime(name: DrivenRuntime, executable: string): Promise<InstalledRuntime> {
  if (!existsSync(executable)) throw new Error(`${name}: no executable at ${executable}`);
  const resolved = path.resolve(executable);
  const given = { name, executable: resolved, origin: 'given' as const, command: commandOf(resolved, RUNTIME_PINS[name]) };
  return { ...given, version: await reportedVersion(given) };
}

/**
 * `qwen --version` says `0.24.4`, `codex --version` `codex-cli 0.169.0`, `claude --version` `2.1.328
 * (Claude Code)`, `kimi --version` `2.1.0`, `dsh --version` `0.1.0-rc.8`; a driver program, the
 * library's release.
 */
async function reportedVersion(runtime: Pick<InstalledRuntime, 'pathFirst' | 'executable' | 'command'>): Promise<string> {
  const [command, ...prefix] = runtime.command;
  const { stdout } = await run(command!, [...prefix, '--version'], {
    timeout: 60_000,
    env: { ...process.env, PATH: runtimePath(runtime), DISABLE_AUTOUPDATER: '1' },
  });
  const version = /\d+\.\d+\.\d+(?:[-+][\w.-]+)?/.exec(stdout);
  if (version === null) throw new Error(`${runtime.executable} --version printed no version: ${stdout.slice(0, 200)}`);
  return version[0];
}
