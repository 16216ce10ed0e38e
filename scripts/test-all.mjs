#!/usr/bin/env node
// The one command that runs every test (`npm test`).
//
// Steps, stopping at the first failure:
//   lint -> ensure-chromium -> next typegen -> tsc --noEmit -> vitest
//   -> ci kit (the package packed and installed into examples/ci-kit outside the repo: its tests, red and green)
//   -> next build -> playwright
//   -> verify (the shipped runtimes, driven through Fork Lab: `fork-lab verify`)
//   -> verify --latest --newer (CI only, and never failing the run: the npm releases newer than the pins, so drift shows)
// Then prints the counts of each runner (from their JSON reports in .ci-out/) and one line
//   total: N passed, N failed, N skipped
// which is always the last line printed. Exits non-zero when a step failed, a test failed,
// or no test ran at all.
//
// Flags (local use):
//   --unit-only   lint, next typegen, tsc, vitest
//   --e2e-only    ensure-chromium, next build, playwright
// FORK_LAB_SKIP_VERIFY=1 leaves the runtime matrix out (it installs the runtimes from npm);
// FORK_LAB_SKIP_CI_KIT=1 the packed-kit check (it installs the tarball, building better-sqlite3).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.ci-out');
const vitestJson = path.join(outDir, 'vitest.json');
const playwrightJson = path.join(outDir, 'playwright.json');
const verifyDir = path.join(outDir, 'verify');
const verifyLatestDir = path.join(outDir, 'verify-latest');
const verifyJson = path.join(verifyDir, 'matrix.json');
const ciKitJson = path.join(outDir, 'ci-kit.json');

const USAGE = 'usage: node scripts/test-all.mjs [--unit-only | --e2e-only]';
const flags = process.argv.slice(2);
for (const flag of flags) {
  if (flag === '-h' || flag === '--help') {
    console.log(USAGE);
    process.exit(0);
  }
  if (flag !== '--unit-only' && flag !== '--e2e-only') {
    console.error(`test-all: unknown argument ${flag}\n${USAGE}`);
    process.exit(2);
  }
}
const unitOnly = flags.includes('--unit-only');
const e2eOnly = flags.includes('--e2e-only');
if (unitOnly && e2eOnly) {
  console.error(`test-all: --unit-only and --e2e-only are exclusive\n${USAGE}`);
  process.exit(2);
}
const runUnit = !e2eOnly;
const runE2e = !unitOnly;
const runVerify = !unitOnly && !e2eOnly && process.env.FORK_LAB_SKIP_VERIFY !== '1';
const runCiKit = !unitOnly && !e2eOnly && process.env.FORK_LAB_SKIP_CI_KIT !== '1';

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  // Vite 8 warns that a TS config in a non-"type: module" package will not load under its
  // future native config loader; harmless today, so keep the test log clean.
  VITE_CONFIG_NATIVE_IGNORE_WARNING: process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ?? 'true',
};

/** @type {{name: string, cmd: string, args: string[], env?: Record<string,string>, when: boolean, optional?: boolean}[]} */
const steps = [
  // Lint and format first: a formatting slip fails in seconds, not after a five-minute e2e run.
  { name: 'lint', cmd: 'npx', args: ['--no', '--', 'biome', 'check', '--error-on-warnings', '.'], when: runUnit },
  { name: 'ensure-chromium', cmd: 'bash', args: ['scripts/ensure-chromium.sh'], when: runE2e },
  { name: 'next typegen', cmd: 'npx', args: ['--no', '--', 'next', 'typegen'], when: runUnit },
  { name: 'tsc --noEmit', cmd: 'npx', args: ['--no', '--', 'tsc', '--noEmit'], when: runUnit },
  {
    name: 'vitest',
    cmd: 'npx',
    args: ['--no', '--', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    when: runUnit,
  },
  { name: 'ci kit', cmd: 'node', args: ['scripts/check-ci-kit.mjs'], when: runCiKit },
  { name: 'next build', cmd: 'npx', args: ['--no', '--', 'next', 'build'], when: runE2e },
  {
    name: 'playwright',
    cmd: 'npx',
    args: ['--no', '--', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    when: runE2e,
  },
  { name: 'verify', cmd: 'node', args: ['bin/fork-lab.mjs', 'verify', '--out', verifyDir], when: runVerify },
  {
    name: 'verify --latest',
    cmd: 'node',
    // Only the runtimes with a release newer than their pin: the pinned run has just run the rest.
    args: ['bin/fork-lab.mjs', 'verify', '--latest', '--newer', '--out', verifyLatestDir],
    when: runVerify && process.env.CI === 'true',
    // Reported, never gating: a release that ships today must not fail the pinned project.
    optional: true,
  },
].filter((s) => s.when);

const fmt = (ms) => `${(ms / 1000).toFixed(1)}s`;

mkdirSync(outDir, { recursive: true });
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
rmSync(verifyDir, { recursive: true, force: true });
rmSync(ciKitJson, { force: true });
rmSync(verifyLatestDir, { recursive: true, force: true });

/** @type {{name: string, ms: number | null, status: string}[]} */
const timings = [];
let failedStep = null;
const started = Date.now();

for (const step of steps) {
  if (failedStep) {
    timings.push({ name: step.name, ms: null, status: 'skipped' });
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const t0 = Date.now();
  const res = spawnSync(step.cmd, step.args, {
    cwd: root,
    env: { ...env, ...step.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ms = Date.now() - t0;
  let status = 'ok';
  if (res.error) status = `error: ${res.error.message}`;
  else if (res.signal) status = `killed by ${res.signal}`;
  else if (res.status !== 0) status = `exit ${res.status}`;
  console.log(`=== ${step.name}: ${status} in ${fmt(ms)}`);
  timings.push({ name: step.name, ms, status: step.optional && status !== 'ok' ? `${status} (not gating)` : status });
  if (status !== 'ok' && !step.optional) failedStep = step.name;
}

// ---------- counts from the JSON reports ----------

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.log(`test-all: could not parse ${path.relative(root, file)}: ${err.message}`);
    return null;
  }
}

/** Vitest: per-test status; a file that failed without any failed test (import error,
 *  failing hook) counts as one failure so a broken file is never reported as green. */
function vitestCounts(report) {
  const c = { passed: 0, failed: 0, skipped: 0, fileErrors: 0, files: 0 };
  for (const file of report.testResults ?? []) {
    c.files++;
    let fileFailed = false;
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') c.passed++;
      else if (t.status === 'failed') {
        c.failed++;
        fileFailed = true;
      } else c.skipped++; // skipped, pending, todo, disabled
    }
    if (file.status === 'failed' && !fileFailed) {
      c.failed++;
      c.fileErrors++;
    }
  }
  return c;
}

/** Playwright: one outcome per test (per project): expected -> passed, flaky -> passed
 *  (it passed on retry), unexpected -> failed, skipped -> skipped. */
function playwrightCounts(report) {
  const c = { passed: 0, failed: 0, skipped: 0, flaky: 0, errors: (report.errors ?? []).length };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected') c.passed++;
        else if (t.status === 'flaky') {
          c.passed++;
          c.flaky++;
        } else if (t.status === 'skipped') c.skipped++;
        else c.failed++; // unexpected
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return c;
}

/** The runtime matrix: a green cell passed; a red one, a known difference that turned green, or a
 *  planted wrong rule the check missed failed; a known difference still red is skipped (reported). */
function verifyCounts(matrix) {
  const c = { passed: 0, failed: 0, skipped: 0 };
  for (const cell of matrix.cells ?? []) {
    if (cell.known !== undefined) cell.green ? c.failed++ : c.skipped++;
    else cell.green ? c.passed++ : c.failed++;
  }
  for (const check of matrix.planted ?? []) check.caught ? c.passed++ : c.failed++;
  return c;
}

/** The packed kit's checks: each run of the example project that went as it must (green, or red saying why). */
function ciKitCounts(report) {
  const c = { passed: 0, failed: 0, skipped: 0 };
  for (const check of report.checks ?? []) check.ok ? c.passed++ : c.failed++;
  return c;
}

/** Each failed test's title and the first lines of its error, ANSI colours removed: CI keeps only
 *  the end of the output, and a failure that happens one run in several must say why there. */
const firstLines = (text, count = 8) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
    .slice(0, count);

function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        // A flaky test passed on its retry: its first run's error is the one to read.
        const result = t.status === 'flaky' ? (t.results ?? []).find((r) => r.status !== 'passed') : (t.results ?? []).at(-1);
        const error = result?.errors?.[0] ?? result?.error;
        out.push({
          flaky: t.status === 'flaky',
          title: `[${t.projectName}] ${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line})`,
          lines: firstLines(error?.message ?? error?.value),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push({ title: `${name} › ${t.fullName ?? t.title}`, lines: firstLines((t.failureMessages ?? [])[0]) });
    if (file.status === 'failed' && failed.length === 0) out.push({ title: name, lines: firstLines(file.message) });
  }
  return out;
}

// Per-runner lines deliberately use a different word order than the total line so
// that only the total line matches "N passed, N failed, N skipped".
const runnerLine = (name, c, extra = '') => `${name}: passed ${c.passed}, failed ${c.failed}, skipped ${c.skipped}${extra}`;

const total = { passed: 0, failed: 0, skipped: 0 };
const reasons = [];
console.log('\n=== summary');
for (const t of timings) {
  console.log(`  ${t.name.padEnd(16)} ${t.ms === null ? '   -  ' : fmt(t.ms).padStart(6)}  ${t.status}`);
}
console.log(`  ${'all'.padEnd(16)} ${fmt(Date.now() - started).padStart(6)}`);

/** Adds a runner's counts to the total and prints its line, with the notes `notesOf` gives; or says it left no report. */
const reportRunner = (name, report, countsOf, notesOf) => {
  if (!report) {
    console.log(`${name}: no report (not run)`);
    return;
  }
  const c = countsOf(report);
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  const notes = notesOf(c).filter(Boolean);
  console.log(runnerLine(name, c, notes.length ? ` (${notes.join(', ')})` : ''));
};
// Each report read once, for its counts and its failures.
const vitestReport = runUnit ? readJson(vitestJson) : null;
const playwrightReport = runE2e ? readJson(playwrightJson) : null;
if (runUnit) {
  reportRunner('vitest', vitestReport, vitestCounts, (c) => [`${c.files} files`, c.fileErrors && `${c.fileErrors} file(s) failed outside a test`]);
}
if (runE2e) {
  reportRunner('playwright', playwrightReport, playwrightCounts, (c) => [c.flaky && `${c.flaky} flaky`, c.errors && `${c.errors} errors outside tests`]);
}

if (runCiKit) reportRunner('ci kit', readJson(ciKitJson), ciKitCounts, () => []);
if (runVerify) reportRunner('verify', readJson(verifyJson), verifyCounts, () => []);

const failures = [...(runUnit ? vitestFailures(vitestReport ?? {}) : []), ...(runE2e ? playwrightFailures(playwrightReport ?? {}) : [])];
for (const failure of failures.slice(0, 10)) {
  console.log(`${failure.flaky ? 'flaky (passed on retry)' : 'failed'}: ${failure.title}`);
  for (const line of failure.lines) console.log(`  | ${line.slice(0, 300)}`);
}
if (failures.length > 10) console.log(`and ${failures.length - 10} more, above in the output`);

if (failedStep) {
  const skipped = timings.filter((t) => t.ms === null).map((t) => t.name);
  reasons.push(`step "${failedStep}" failed${skipped.length ? ` (not run: ${skipped.join(', ')})` : ''}`);
}
if (total.failed > 0) reasons.push(`${total.failed} test(s) failed`);
if (total.passed + total.failed === 0) reasons.push('no test ran');

if (reasons.length) console.log(`FAILED: ${reasons.join('; ')}`);
else console.log('OK');
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(reasons.length ? 1 : 0);
