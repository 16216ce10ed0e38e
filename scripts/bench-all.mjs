#!/usr/bin/env node
// `npm run bench`: every bench in turn, each in a process of its own (its timings and heap its
// own), all of them run even when one misses its target, then one line per bench and the exit
// code: 1 when any bench missed or failed. A chain of `&&` stopped at the first miss, and the
// benches after it (the cache agreement among them) went unmeasured.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** [file, needs the react-server condition (the server's own modules), exposes gc]. */
const BENCHES = [
  ['fork-bench.ts', false, true],
  ['compare-bench.ts', false, true],
  ['cache-bench.ts', false, true],
  ['captures-bench.ts', false, true],
  ['run-bench.ts', true, true],
  ['child-heap-bench.ts', true, true],
  ['provider-call-heap.ts', true, true],
  ['import-bench.ts', false, true],
  ['token-bench.ts', true, false],
  ['register-bench.ts', true, false],
  ['cache-agreement-bench.ts', true, false],
];

const results = [];
for (const [file, reactServer, gc] of BENCHES) {
  const args = [...(gc ? ['--expose-gc'] : []), ...(reactServer ? ['--conditions=react-server'] : []), '--import', 'tsx', path.join('bench', file)];
  const started = Date.now();
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const status = run.error ? `error: ${run.error.message}` : run.signal ? `killed by ${run.signal}` : run.status === 0 ? 'ok' : `missed (exit ${run.status})`;
  results.push({ file, status, seconds });
}

console.log('\n=== bench summary');
for (const { file, status, seconds } of results) console.log(`  ${file.padEnd(26)} ${seconds.padStart(6)}s  ${status}`);
const missed = results.filter((result) => result.status !== 'ok');
console.log(missed.length === 0 ? 'every bench met its targets' : `${missed.length} of ${results.length} benches missed a target or failed`);
process.exit(missed.length === 0 ? 0 : 1);
