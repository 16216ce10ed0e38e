/**
 * `npm run bench` (import part): importing a 50 MB Claude Code session, each measurement in a
 * process of its own (`bench/import-server-probe.ts`) so that its peak memory is its own, read from
 * the kernel's high-water mark rather than sampled (a timer cannot fire inside synchronous work,
 * where the peak is). The baseline is the least any JSONL importer does: the file's lines split and
 * each `JSON.parse`d into a kept list.
 *
 * Targets: the import (`importTranscript` on the decoded body, as the endpoint runs it) takes at
 * most 2× the baseline, and its peak memory above the process at rest is at most 5× the file. The
 * whole request as the app makes it (the parent registered, its tokens counted, the answer
 * streamed) is reported beside them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { syntheticClaudeSession } from '../lib/import/testing/synthetic-claude-session';

const TARGET_BYTES = 50 * 1024 * 1024;
const TIME_RATIO_TARGET = 2;
const MEMORY_RATIO_TARGET = 5;
const RUNS = 5;

interface Probe {
  ms: number;
  peakAboveRest: number;
}

function probe(mode: 'baseline' | 'import' | 'endpoint', file: string): Probe {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--conditions=react-server', '--import', 'tsx', path.join(__dirname, 'import-server-probe.ts'), mode, file],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (run.status !== 0) throw new Error(`probe ${mode} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Probe;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

function main(): void {
  const { text, lines } = syntheticClaudeSession(TARGET_BYTES);
  const directory = mkdtempSync(path.join(tmpdir(), 'fork-lab-bench-'));
  const file = path.join(directory, 'session.jsonl');
  writeFileSync(file, text);
  const bytes = Buffer.byteLength(text);
  try {
    console.log(`import of a ${(bytes / 1048576).toFixed(1)} MB Claude Code session (${lines.toLocaleString('en-US')} lines), median of ${RUNS}`);
    const baseline: Probe[] = [];
    const imports: Probe[] = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(probe('baseline', file));
      imports.push(probe('import', file));
    }
    const endpoint = probe('endpoint', file);
    const baseMs = median(baseline.map((entry) => entry.ms));
    const importMs = median(imports.map((entry) => entry.ms));
    const ratio = importMs / baseMs;
    const peak = Math.max(...imports.map((entry) => entry.peakAboveRest));
    const memoryRatio = peak / bytes;
    const basePeak = Math.max(...baseline.map((entry) => entry.peakAboveRest));
    console.log(`split + JSON.parse, kept  ${baseMs.toFixed(0)} ms, peak ${mb(basePeak)} above rest = ${(basePeak / bytes).toFixed(1)}× the file`);
    console.log(`importTranscript          ${importMs.toFixed(0)} ms`);
    console.log(`time ratio                ${ratio.toFixed(2)}×  (target ≤ ${TIME_RATIO_TARGET}×) ${ratio <= TIME_RATIO_TARGET ? 'ok' : 'MISSED'}`);
    console.log(
      `import peak memory        ${mb(peak)} above rest = ${memoryRatio.toFixed(1)}× the file (target ≤ ${MEMORY_RATIO_TARGET}×) ${memoryRatio <= MEMORY_RATIO_TARGET ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `whole request (reported)  ${endpoint.ms.toFixed(0)} ms, peak ${mb(endpoint.peakAboveRest)} above rest = ${(endpoint.peakAboveRest / bytes).toFixed(1)}× the file`,
    );
    if (ratio > TIME_RATIO_TARGET || memoryRatio > MEMORY_RATIO_TARGET) process.exitCode = 1;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

main();
