import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forkPolicyNamed, runtimeNamesHelp, runtimeOf } from '@/lib/fork';
import { matrixPasses, matrixReport } from '@/lib/runtime-matrix/matrix-report';
import type { MatrixCell, UnrunnableRuntime } from '@/lib/runtime-matrix/runtime-matrix';
import { dataDirectory } from '@/lib/sqlite/open-database';
import { DriverFileError, loadDriverFile } from '@/lib/verify/driver-file';
import { defaultRuntimeCache, givenRuntime, installRuntime, latestVersion } from '@/lib/verify/install-runtime';
import { runMatrix, scenariosFor } from '@/lib/verify/run-matrix';
import { DRIVEN_RUNTIMES, type DrivenRuntime, isDrivenRuntime, RUNTIME_PINS } from '@/lib/verify/runtime-pins';
import { type RuntimeUnderTest, rulesName, shippedRuntime } from '@/lib/verify/runtime-under-test';
import { SCENARIOS } from '@/lib/verify/scenarios';
import type { CliIo } from './cli-io';
import { CLI_OK_EXIT, CLI_REJECTED_EXIT, CliUsageError } from './cli-usage-error';
import { runCommand } from './run-command';

export const VERIFY_USAGE = `fork-lab verify [--runtime <name>[@<version>|=<path>]]… [--scenario <id>]… [--latest [--newer]] [--json] [--out <folder>] [--cache <folder>] [--timeout <seconds>] [--concurrency <n>]
fork-lab verify --driver <file> [--rules <runtime>[@<release line>]] [--scenario <id>]… [--json] [--out <folder>] [--timeout <seconds>] [--concurrency <n>]

Installs the shipped runtimes (${DRIVEN_RUNTIMES.map((name) => `${name}@${RUNTIME_PINS[name].version}`).join(', ')}) into a cache
folder of their own, drives each headless through every scenario against a recording endpoint of
its own (a free port, a fresh store, the offline model playing the parent), and prints the matrix
of what Fork Lab's fork check made of the traffic: matches / differs (with the first difference) /
no fork seen. --runtime picks runtimes, at another release (claude-code@2.1.300) or as a runtime
you already have (claude-code=/usr/local/bin/claude), each by its name or by the id or an alias of a
fork runtime it ships (qwen-fork-turns and qwen run qwen-code); --latest takes each runtime's newest npm
release instead of its pin, and --newer with it only those whose newest is not their pin (the
pinned run covers the rest). Each runtime's own licence governs its use: it is downloaded when the
command runs, never bundled. Writes matrix.json, report.md and each cell's logs, captures and fork
bundles to --out (default <data dir>/verify/<time>), and the matrix to <data dir>/verify/latest.json,
which /runtimes shows. Exits 0 when every cell is green but the known differences scenarios.ts lists
(which must still differ), 1 otherwise, 2 when the command line is wrong.

--driver drives a runtime Fork Lab does not know: a JavaScript module whose default export is a
driver (name, version, command, env(origin, home), args(prompt, continued), resultArrives; the
interface of the built-in drivers, docs/verify.md), checked by the rules it claims (--rules, e.g.
claude-code or qwen-code@0.24, else the driver's own \`rules\`): the scenarios of the shipped runtime
those rules belong to (but those that configure that runtime itself), the same matrix and exit codes.
It leaves <data dir>/verify/latest.json as it is.`;

const VERIFY_OPTIONS = {
  runtime: { type: 'string', multiple: true },
  scenario: { type: 'string', multiple: true },
  latest: { type: 'boolean' },
  newer: { type: 'boolean' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  cache: { type: 'string' },
  timeout: { type: 'string' },
  concurrency: { type: 'string' },
  driver: { type: 'string' },
  rules: { type: 'string' },
} as const;

interface RuntimeChoice {
  name: DrivenRuntime;
  version?: string;
  executable?: string;
}

/**
 * The shipped runtime a name means: its own (`qwen-code`), or a fork runtime's id or alias
 * (`qwen-fork-turns`, `qwen`, `kimi-agent-swarm`), which runs in the runtime it is part of.
 */
function drivenRuntimeNamed(name: string): DrivenRuntime | undefined {
  if (isDrivenRuntime(name)) return name;
  const policy = forkPolicyNamed(name);
  const shipped = policy === undefined ? undefined : runtimeOf(policy).shippedAs;
  return shipped !== undefined && isDrivenRuntime(shipped) ? shipped : undefined;
}

/** `qwen-code`, `claude-code@2.1.300`, `claude-code=/usr/local/bin/claude`; a fork runtime's id or alias for its shipped runtime. */
export function parseRuntimeChoice(value: string): RuntimeChoice {
  const match = /^([A-Za-z-]+)(?:@(\d+\.\d+\.\d+[\w.+-]*)|=(.+))?$/.exec(value);
  const name = match === null ? undefined : drivenRuntimeNamed(match[1]!);
  if (match === null || name === undefined) {
    throw new CliUsageError(
      '--runtime',
      `"${value}": one of ${DRIVEN_RUNTIMES.join(', ')} (or a runtime id or alias: ${runtimeNamesHelp()}), optionally @<version> (e.g. qwen-code@0.24.4) or =<path to its executable>`,
    );
  }
  return { name, ...(match[2] === undefined ? {} : { version: match[2] }), ...(match[3] === undefined ? {} : { executable: match[3] }) };
}

function wholeNumber(flag: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9][0-9]*$/.test(value) || Number(value) > max) throw new CliUsageError(flag, `a whole number from 1 to ${max}, not "${value}"`);
  return Number(value);
}

/** A cell as it ends, for the progress lines: a known difference is no alarm unless it turned green. */
function progressMark(cell: MatrixCell): string {
  if (cell.known !== undefined) return cell.green ? 'NOW GREEN (known)' : 'known';
  return cell.green ? 'ok' : 'RED';
}

export async function runVerifyCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runCommand({ name: 'verify', usage: VERIFY_USAGE, options: VERIFY_OPTIONS }, args, io, async (values, file) => {
    if (file !== undefined) throw new CliUsageError('<file>', 'verify takes no file: it drives the runtimes itself');
    if (values.newer && !values.latest) throw new CliUsageError('--newer', 'goes with --latest: it leaves out the runtimes whose newest release is their pin');
    if (values.rules !== undefined && values.driver === undefined)
      throw new CliUsageError('--rules', 'goes with --driver: a shipped runtime is read by the rules its traffic announces');
    if (values.driver !== undefined) {
      const conflicting = (['runtime', 'latest', 'cache'] as const).find((flag) => values[flag] !== undefined);
      if (conflicting !== undefined) throw new CliUsageError(`--${conflicting}`, 'not with --driver: the driver file says what to run');
    }
    const choices = values.driver === undefined ? (values.runtime ?? DRIVEN_RUNTIMES).map(parseRuntimeChoice) : [];
    const known = new Set(SCENARIOS.map((scenario) => scenario.id));
    for (const id of values.scenario ?? []) {
      if (!known.has(id)) throw new CliUsageError('--scenario', `"${id}" is no scenario; one of ${[...known].join(', ')}`);
    }
    const scenarios = values.scenario === undefined ? SCENARIOS : SCENARIOS.filter((scenario) => values.scenario!.includes(scenario.id));
    const timeoutMs = wholeNumber('--timeout', values.timeout, 90, 3600) * 1000;
    const concurrency = wholeNumber('--concurrency', values.concurrency, Math.max(1, Math.min(2, os.availableParallelism())), 16);
    const cache = values.cache ?? defaultRuntimeCache();
    const out = path.resolve(values.out ?? path.join(dataDirectory(), 'verify', new Date().toISOString().replace(/[:.]/g, '-')));

    const { runtimes, notInstalled } =
      values.driver === undefined ? await shippedRuntimes(choices, values, cache, io) : await driverRuntime(values.driver, values.rules, io);
    if (runtimes.length === 0 && notInstalled.length === 0) {
      io.stdout('Every runtime’s newest release is its pin: nothing newer to run.\n');
      return CLI_OK_EXIT;
    }
    if (values.driver !== undefined && scenariosFor(runtimes[0]!, scenarios).length === 0) {
      throw new CliUsageError(
        '--scenario',
        `none of these scenarios is one ${runtimes[0]!.name} can play as ${runtimes[0]!.plays}; its: ${scenariosFor(runtimes[0]!, SCENARIOS)
          .map((scenario) => scenario.id)
          .join(', ')}`,
      );
    }
    // Made once the command line and the driver file are known good: a refused one leaves no empty folder.
    mkdirSync(out, { recursive: true });
    const matrix = await runMatrix(runtimes, scenarios, {
      folder: out,
      concurrency,
      timeoutMs,
      notInstalled,
      onCell: (cell) =>
        io.stderr(`  ${progressMark(cell)} ${cell.runtime}@${cell.version} ${cell.scenario}: ${cell.summary.split('\n')[0]} (${cell.seconds} s)\n`),
    });
    const report = matrixReport(matrix);
    const json = `${JSON.stringify(matrix, null, 2)}\n`;
    writeFileSync(path.join(out, 'matrix.json'), json);
    writeFileSync(path.join(out, 'report.md'), report);
    // A drift check of some runtimes, or a runtime of a driver file, is not this machine's matrix: /runtimes keeps the last whole one.
    if (!values.newer && values.driver === undefined) {
      mkdirSync(path.join(dataDirectory(), 'verify'), { recursive: true });
      writeFileSync(path.join(dataDirectory(), 'verify', 'latest.json'), json);
    }
    io.stdout(values.json ? json : report);
    return matrixPasses(matrix) && notInstalled.length === 0 ? CLI_OK_EXIT : CLI_REJECTED_EXIT;
  });
}

/** The shipped runtimes chosen, installed (or found where given); one npm cannot install is reported, not fatal. */
async function shippedRuntimes(
  choices: readonly RuntimeChoice[],
  values: { latest?: boolean | undefined; newer?: boolean | undefined },
  cache: string,
  io: CliIo,
): Promise<{ runtimes: RuntimeUnderTest[]; notInstalled: UnrunnableRuntime[] }> {
  const runtimes: RuntimeUnderTest[] = [];
  // A release npm cannot install is a finding of the run, not the end of it: the other runtimes still run.
  const notInstalled: UnrunnableRuntime[] = [];
  for (const choice of choices) {
    const version = choice.version ?? (values.latest ? await latestVersion(choice.name) : RUNTIME_PINS[choice.name].version);
    if (values.newer && choice.executable === undefined && version === RUNTIME_PINS[choice.name].version) {
      io.stderr(`${choice.name}: its newest release is its pin, ${version}; left to the pinned run\n`);
      continue;
    }
    io.stderr(choice.executable === undefined ? `installing ${choice.name}@${version} into ${cache}…\n` : `using ${choice.executable}…\n`);
    try {
      const runtime = choice.executable === undefined ? await installRuntime(choice.name, version, cache) : await givenRuntime(choice.name, choice.executable);
      io.stderr(`  ${runtime.name}@${runtime.version} (${runtime.origin}): ${runtime.executable}\n`);
      runtimes.push(shippedRuntime(runtime));
    } catch (error) {
      const reason = installFailure(error);
      io.stderr(`  NOT INSTALLED ${choice.name}@${version}: ${reason}\n`);
      notInstalled.push({ name: choice.name, label: `${choice.name}@${version}`, reason });
    }
  }
  return { runtimes, notInstalled };
}

/** The runtime a driver file brings, or the usage error that says what is wrong with the file. */
async function driverRuntime(file: string, rules: string | undefined, io: CliIo): Promise<{ runtimes: RuntimeUnderTest[]; notInstalled: UnrunnableRuntime[] }> {
  try {
    const runtime = await loadDriverFile(file, rules);
    io.stderr(`  ${runtime.name}@${runtime.version} (driver ${file}), read by ${rulesName(runtime.rules!)}'s rules, playing ${runtime.plays}'s scenarios\n`);
    return { runtimes: [runtime], notInstalled: [] };
  } catch (error) {
    if (error instanceof DriverFileError) {
      const aboutRules = error.message.startsWith('rules: ') || error.message.startsWith('name the rules');
      throw new CliUsageError(aboutRules ? '--rules' : '--driver', error.message.replace(/^rules: /, ''));
    }
    throw error;
  }
}

/** Why npm (or the runtime's own check) failed an install, in its own words: its error lines, without the log's path. */
export function installFailure(error: unknown): string {
  const stderr = typeof error === 'object' && error !== null && 'stderr' in error ? String((error as { stderr: unknown }).stderr) : '';
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^npm error\s*/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('A complete log of this run') && !line.startsWith('code '));
  const said = lines.length > 0 ? lines.slice(0, 2).join(' ') : (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
  // The report ends the sentence itself.
  return said.replace(/\.+$/, '');
}
