#!/usr/bin/env node
// Proof from outside the repository: packs Fork Lab (`npm pack`, which builds the kit and the CLI),
// installs the tarball into a copy of examples/ci-kit in a scratch folder, and runs that project's
// own tests — vitest and Playwright — and `fork-lab verify --driver` there, against its scripted
// runtime forking rightly (each must pass) and wrongly (each must fail, saying where the fork went
// wrong). Writes what each run showed to .ci-out/ci-kit.json for scripts/test-all.mjs to count.
//
//   node scripts/check-ci-kit.mjs [--keep]     --keep leaves the scratch folder and says where
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const report = path.join(root, '.ci-out', 'ci-kit.json');
const keep = process.argv.includes('--keep');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'fork-lab-ci-kit-'));
const project = path.join(scratch, 'project');

// npm's own variables of the `npm test` this may run under (its package, its prefix) are not the scratch project's.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_(config|package|lifecycle)_/i.test(name)));

function run(label, command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: options.cwd ?? project, env: { ...env, ...options.env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = stripVTControlCharacters(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  console.log(`ci-kit: ${label}: exit ${result.status ?? result.signal} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return { status: result.status, output };
}

function must(step) {
  if (step.status !== 0) {
    console.log(step.output.split('\n').slice(-40).join('\n'));
    throw new Error('ci-kit: a setup step failed');
  }
}

const checks = [];
try {
  must(run('npm pack', 'npm', ['pack', '--pack-destination', scratch, '--silent'], { cwd: root }));
  const tarball = readdirSync(scratch).find((file) => file.endsWith('.tgz'));
  cpSync(path.join(root, 'examples', 'ci-kit'), project, { recursive: true });
  renameSync(path.join(scratch, tarball), path.join(project, 'fork-lab.tgz'));
  // From npm's cache where it can: the example pins the repository's own vitest and Playwright.
  must(run('npm install (the packed fork-lab, vitest, @playwright/test, typescript)', 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']));

  // The kit's declarations, as a TypeScript project reads them (strict, node16 resolution, no skipLibCheck).
  const typed = run('tsc (the example typed by the kit)', 'npx', ['--no', '--', 'tsc', '-p', '.']);
  checks.push({
    name: "the kit's declarations type the example's tests (tsc --strict, nodenext, skipLibCheck off)",
    ok: typed.status === 0,
    output: typed.output.slice(-4000),
  });

  const runs = [
    { runner: 'vitest', command: ['npx', '--no', '--', 'vitest', 'run'] },
    { runner: 'node --test', command: ['node', '--test', 'tests/forks.node-test.mjs'] },
    { runner: 'playwright', command: ['npx', '--no', '--', 'playwright', 'test'] },
    {
      runner: 'verify --driver',
      command: [
        'npx',
        '--no',
        '--',
        'fork-lab',
        'verify',
        '--driver',
        './driver.mjs',
        ...['fork-all', 'fork-after-resume', 'result-delivered', 'not-a-fork'].flatMap((id) => ['--scenario', id]),
        '--out',
        'verify-out',
      ],
    },
  ];
  // What each wrong fork must be caught saying, by each runner.
  const mistakes = [
    {
      mistake: 'lost-tools',
      says: {
        vitest: 'the child differs at tools',
        'node --test': 'the child differs at tools',
        playwright: 'the child differs at tools',
        'verify --driver': 'differs at tools: expected Agent, Read — sent Agent',
      },
    },
    {
      mistake: 'twice',
      says: {
        vitest: 'its result is repeated (2 in',
        'node --test': 'its result is repeated (2 in',
        playwright: 'its result is repeated (2 in',
        'verify --driver': 'is repeated: 2 deliveries',
      },
    },
  ];
  for (const { runner, command } of runs) {
    const [cmd, ...args] = command;
    const right = run(`${runner}, forking rightly`, cmd, args, { env: { FORK_LAB_DATA_DIR: path.join(scratch, 'data') } });
    checks.push({ name: `${runner} passes a runtime that forks as its rules plan`, ok: right.status === 0, output: right.output.slice(-4000) });
    for (const { mistake, says } of mistakes) {
      const wrong = run(`${runner}, forking wrongly (${mistake})`, cmd, args, {
        env: { SCRIPTED_RUNTIME_MISTAKE: mistake, FORK_LAB_DATA_DIR: path.join(scratch, 'data') },
      });
      const caught = wrong.status === 1 && wrong.output.includes(says[runner]);
      checks.push({
        name: `${runner} fails a runtime whose fork is wrong (${mistake}), saying “${says[runner]}”`,
        ok: caught,
        output: wrong.output.slice(-4000),
      });
    }
  }
} catch (error) {
  checks.push({ name: 'the example project installs the packed Fork Lab', ok: false, output: String(error instanceof Error ? error.message : error) });
} finally {
  mkdirSync(path.dirname(report), { recursive: true });
  writeFileSync(report, `${JSON.stringify({ checks }, null, 2)}\n`);
  if (keep) console.log(`ci-kit: the scratch project is in ${project}`);
  else rmSync(scratch, { recursive: true, force: true });
}

for (const check of checks) {
  console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}`);
  if (!check.ok)
    console.log(
      check.output
        .split('\n')
        .slice(-30)
        .map((line) => `  | ${line}`)
        .join('\n'),
    );
}
const failed = checks.filter((check) => !check.ok).length;
console.log(`ci-kit: ${checks.length - failed} of ${checks.length} checks hold`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
