/**
 * `npm run bench` (import part): importing a 50 MB Claude Code session, as a ratio against a
 * baseline measured in the same run: splitting the same text into lines and `JSON.parse`-ing each
 * one into a list that is kept, the least any JSONL importer must do. Peak RSS is sampled while the
 * import runs and reported beside the file's size.
 *
 * Targets: the import takes at most 4× the baseline (the rest is the limit checks, the chain walk,
 * the mapping, the engine's validation and classification), and peak RSS stays within 12× the
 * file's size (the text, its records and the transcript are alive at once).
 */
import { performance } from 'node:perf_hooks';
import { importTranscript } from '../lib/import/import-transcript';
import { syntheticClaudeSession } from '../lib/import/testing/synthetic-claude-session';

const TARGET_BYTES = 50 * 1024 * 1024;
const TIME_RATIO_TARGET = 4;
const MEMORY_RATIO_TARGET = 12;
const RUNS = 5;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** The least a JSONL importer does: every line parsed and kept. */
function baseline(text: string): unknown[] {
  const records: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() !== '') records.push(JSON.parse(line));
  }
  return records;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function main(): Promise<void> {
  const { text, lines } = syntheticClaudeSession(TARGET_BYTES);
  const bytes = Buffer.byteLength(text);
  console.log(`import of a ${(bytes / 1048576).toFixed(1)} MB Claude Code session (${lines.toLocaleString('en-US')} lines), median of ${RUNS}`);

  const baseTimes: number[] = [];
  const importTimes: number[] = [];
  let peak = 0;
  let messages = 0;
  let turns = 0;
  for (let run = 0; run < RUNS; run++) {
    gc();
    let start = performance.now();
    baseline(text);
    baseTimes.push(performance.now() - start);

    gc();
    peak = Math.max(peak, process.memoryUsage().rss);
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    start = performance.now();
    // As the endpoint calls it: text its route decoded, with the size it read.
    const result = await importTranscript(text, { byteLength: bytes });
    importTimes.push(performance.now() - start);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    messages = result.transcript.messages.length;
    turns = result.report.counts.realUserTurns;
  }

  const baseMs = median(baseTimes);
  const importMs = median(importTimes);
  const ratio = importMs / baseMs;
  const memoryRatio = peak / bytes;
  console.log(`split + JSON.parse, kept  ${baseMs.toFixed(0)} ms`);
  console.log(
    `importTranscript          ${importMs.toFixed(0)} ms  → ${messages.toLocaleString('en-US')} messages, ${turns.toLocaleString('en-US')} real turns`,
  );
  console.log(`time ratio                ${ratio.toFixed(2)}×  (target ≤ ${TIME_RATIO_TARGET}×) ${ratio <= TIME_RATIO_TARGET ? 'ok' : 'MISSED'}`);
  console.log(
    `peak RSS                  ${(peak / 1048576).toFixed(0)} MB = ${memoryRatio.toFixed(1)}× the file (target ≤ ${MEMORY_RATIO_TARGET}×) ${memoryRatio <= MEMORY_RATIO_TARGET ? 'ok' : 'MISSED'}`,
  );
  if (ratio > TIME_RATIO_TARGET || memoryRatio > MEMORY_RATIO_TARGET) process.exitCode = 1;
}

void main();
