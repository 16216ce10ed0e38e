import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createOfflineModel, OFFLINE_MODEL_ID } from '@/lib/ai/offline/offline-model';
import { sweepReportHtml } from '@/lib/export/sweep-report';
import { type ForkPolicy, forkPolicyNamed, runtimeNamesHelp, runtimeOf } from '@/lib/fork';
import { OutputCheckSyntaxError, parseOutputCheck } from '@/lib/sweep/output-check';
import { defaultRuntimeVariants, MAX_SWEEP_VARIANTS, runSweep, type SweepResult, windowVariants } from '@/lib/sweep/run-sweep';
import type { SweepRecord } from '@/lib/sweep/sweep-record';
import type { CliIo } from './cli-io';
import { CLI_OK_EXIT, CLI_REJECTED_EXIT, CliUsageError } from './cli-usage-error';
import { RUNTIMES_HELP } from './fork-request-from-flags';
import { importFile } from './import-file';
import { runCommand } from './run-command';

export const SWEEP_USAGE = `fork-lab sweep <file> (--runtime <runtime> --windows 1,2,4,all | --every-runtime) --directive text --check <check>… [--model offline] [--expect-smallest W] [--format id] [--json] [--html report.html]

Forks <file> once per window (values of the runtime's window field, e.g. Qwen's fork_turns), or
once per runtime at its defaults with --every-runtime; runs each child on the model with the
directive, and checks its final output. Checks: contains:<text>, not-contains:<text>,
regex:<pattern> or regex:/pattern/flags, json-path:$.a.b=<JSON>, max-output-tokens:<N>. Prints a
table with the smallest passing window (the passing child whose first request has the fewest input
tokens; the first listed on a tie); progress on stderr. Exits 0 when a window passes (and is the
one --expect-smallest names), 1 when none passes or another is smallest, 2 when the command line
or the file is wrong. --html also writes the sweep as a self-contained HTML report (it loads
nothing). The CLI runs the offline model.

${RUNTIMES_HELP}`;

function table(result: SweepResult): string {
  const rows = [['window', 'status', 'messages', 'input tok', 'output tok', 'checks']];
  for (const variant of result.variants) {
    const passed = variant.checks.filter((check) => check.passed).length;
    rows.push([
      variant.label === result.smallestPassing ? `${variant.label} *` : variant.label,
      variant.status,
      String(variant.initialMessages),
      variant.inputTokens === undefined ? '' : String(variant.inputTokens),
      variant.outputTokens === undefined ? '' : String(variant.outputTokens),
      variant.status === 'rejected' ? (variant.errors ?? []).join(' ') : `${passed}/${variant.checks.length}`,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  for (const variant of result.variants) {
    for (const check of variant.checks) if (!check.passed) lines.push(`  ${variant.label}: ${check.check} failed: ${check.reason}`);
  }
  lines.push(result.smallestPassing === null ? 'no window passes every check' : `smallest passing window: ${result.smallestPassing} (marked *)`);
  return lines.join('\n');
}

/** The runtime to sweep and its window field, from --runtime. */
function windowOf(runtime: string | undefined): { policy: ForkPolicy; field: string; all: string } {
  if (runtime === undefined) throw new CliUsageError('--runtime', `required (or --every-runtime); one of ${runtimeNamesHelp()}`);
  const policy = forkPolicyNamed(runtime);
  if (policy === undefined) throw new CliUsageError('--runtime', `"${runtime}" is not a runtime; one of ${runtimeNamesHelp()}`);
  const window = runtimeOf(policy).controls.window;
  if (window === undefined)
    throw new CliUsageError('--runtime', `${policy} has no window to sweep (it always inherits the same history); use fork-lab compare`);
  return { policy, field: window.field, all: window.all };
}

/** The windows of --windows: 1 to 16 values, each once. */
function windowList(text: string | undefined, window: { field: string; all: string }): string[] {
  const windows = (text ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const repeated = windows.find((value, index) => windows.indexOf(value) !== index);
  if (repeated !== undefined) throw new CliUsageError('--windows', `each window once (${repeated} is listed twice): a sweep names its forks by window`);
  if (windows.length === 0 || windows.length > MAX_SWEEP_VARIANTS) {
    throw new CliUsageError('--windows', `list 1 to ${MAX_SWEEP_VARIANTS} values of ${window.field} to try, comma-separated (e.g. 1,2,4,${window.all})`);
  }
  return windows;
}

const SWEEP_OPTIONS = {
  'every-runtime': { type: 'boolean' },
  runtime: { type: 'string' },
  windows: { type: 'string' },
  directive: { type: 'string' },
  check: { type: 'string', multiple: true },
  model: { type: 'string' },
  'expect-smallest': { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  html: { type: 'string' },
} as const;

/** `fork-lab sweep`: the exit code; output through `io`. */
export function runSweepCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runCommand({ name: 'sweep', usage: SWEEP_USAGE, options: SWEEP_OPTIONS }, args, io, async (values, file) => {
    const every = values['every-runtime'] === true;
    const window = every ? null : windowOf(values.runtime);
    const windows = every ? [] : windowList(values.windows, window!);
    if (every && (values.runtime !== undefined || values.windows !== undefined)) {
      throw new CliUsageError('--every-runtime', 'sweeps every runtime at its defaults: leave out --runtime and --windows');
    }
    if (values.directive === undefined || values.directive.trim() === '') throw new CliUsageError('--directive', 'what every child is asked to do');
    if ((values.check ?? []).length === 0) throw new CliUsageError('--check', 'at least one check over the output (e.g. contains:heron-7731)');
    const checks = (values.check ?? []).map((spec) => {
      try {
        return parseOutputCheck(spec);
      } catch (error) {
        if (error instanceof OutputCheckSyntaxError) throw new CliUsageError('--check', `"${spec}": ${error.message}`);
        throw error;
      }
    });
    if (values.model !== undefined && values.model !== 'offline' && values.model !== OFFLINE_MODEL_ID) {
      throw new CliUsageError('--model', `"${values.model}": the CLI runs the offline model (offline)`);
    }
    const imported = await importFile(file, values.format);
    const result = await runSweep({
      parent: imported.transcript,
      variants: window === null ? defaultRuntimeVariants(values.directive) : windowVariants(window.policy, windows, values.directive),
      checks,
      model: () => createOfflineModel(),
      onProgress: (done, total, next) => io.stderr(done < total ? `[${done + 1}/${total}] ${window === null ? '' : `${window.field} `}${next}\n` : ''),
    });
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${table(result)}\n`);
    if (values.html !== undefined) {
      const record: SweepRecord = {
        id: 'cli',
        createdAt: new Date().toISOString(),
        parentRevision: 0,
        setup: {
          variants: window === null ? { kind: 'every-runtime' } : { kind: 'windows', runtime: window.policy, windows },
          directive: values.directive,
          checks: values.check ?? [],
          modelId: 'offline',
        },
        result,
      };
      // No chart: the app's sweep view draws it (and copies it into the report it exports).
      await writeFile(values.html, sweepReportHtml(record, path.basename(file ?? 'parent'), null));
      io.stderr(`report written to ${values.html}\n`);
    }
    const expected = values['expect-smallest'];
    if (result.smallestPassing === null) return CLI_REJECTED_EXIT;
    if (expected !== undefined && expected !== result.smallestPassing) {
      io.stderr(`fork-lab sweep: expected the smallest passing window to be ${expected}, but it is ${result.smallestPassing}\n`);
      return CLI_REJECTED_EXIT;
    }
    return CLI_OK_EXIT;
  });
}
