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

const TARGET_BYTES = 50 * 1024 * 1024;
const TIME_RATIO_TARGET = 4;
const MEMORY_RATIO_TARGET = 12;
const RUNS = 3;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * A long, realistic Claude Code session: turns of a prompt, a streamed assistant message split
 * over two lines (thinking, then a tool call), a tool result with a few KB of file content, the
 * interface's non-conversation lines, and a closing answer.
 */
export function syntheticClaudeSession(targetBytes: number): { text: string; lines: number } {
  const out: string[] = [];
  let bytes = 0;
  let parent: string | null = null;
  let n = 0;
  const base = { sessionId: 'bench', cwd: '/work/project', version: '2.1.0', userType: 'external', isSidechain: false, gitBranch: 'main' };
  const push = (record: Record<string, unknown>) => {
    const line = JSON.stringify(record);
    out.push(line);
    bytes += line.length + 1;
  };
  const fileBody = Array.from({ length: 60 }, (_, i) => `    ${i + 1}→  const value${i} = compute(${i}, options); // keeps the parser honest`).join('\n');
  while (bytes < targetBytes) {
    n++;
    const u = `u${n}`;
    push({ ...base, type: 'user', uuid: u, parentUuid: parent, timestamp: '2026-11-30T00:00:00Z', message: { role: 'user', content: `Step ${n}: read src/module-${n % 97}.ts and tell me what compute() does with options.` } });
    push({ type: 'file-history-snapshot', messageId: u, snapshot: { trackedFileBackups: {} } });
    const a1 = `a${n}a`;
    push({ ...base, type: 'assistant', uuid: a1, parentUuid: u, message: { id: `msg_${n}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'thinking', thinking: `I should read module ${n % 97} first.`, signature: 'c2lnbmF0dXJl' }], stop_reason: null, usage: { input_tokens: 1200, output_tokens: 40 } } });
    const a2 = `a${n}b`;
    push({ ...base, type: 'assistant', uuid: a2, parentUuid: a1, message: { id: `msg_${n}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id: `toolu_${n}`, name: 'Read', input: { file_path: `/work/project/src/module-${n % 97}.ts` } }], stop_reason: 'tool_use', usage: { input_tokens: 1200, output_tokens: 80 } } });
    const r = `r${n}`;
    push({ ...base, type: 'user', uuid: r, parentUuid: a2, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${n}`, content: fileBody }] }, toolUseResult: { type: 'text', file: { numLines: 60 } } });
    const f = `f${n}`;
    push({ ...base, type: 'assistant', uuid: f, parentUuid: r, message: { id: `msg_${n}z`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: `compute() in module ${n % 97} folds options into the value; nothing else reads them.` }], stop_reason: 'end_turn', usage: { input_tokens: 3400, output_tokens: 30 } } });
    parent = f;
  }
  return { text: `${out.join('\n')}\n`, lines: out.length };
}

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
  console.log(`importTranscript          ${importMs.toFixed(0)} ms  → ${messages.toLocaleString('en-US')} messages, ${turns.toLocaleString('en-US')} real turns`);
  console.log(`time ratio                ${ratio.toFixed(2)}×  (target ≤ ${TIME_RATIO_TARGET}×) ${ratio <= TIME_RATIO_TARGET ? 'ok' : 'MISSED'}`);
  console.log(`peak RSS                  ${(peak / 1048576).toFixed(0)} MB = ${memoryRatio.toFixed(1)}× the file (target ≤ ${MEMORY_RATIO_TARGET}×) ${memoryRatio <= MEMORY_RATIO_TARGET ? 'ok' : 'MISSED'}`);
  if (ratio > TIME_RATIO_TARGET || memoryRatio > MEMORY_RATIO_TARGET) process.exitCode = 1;
}

if (require.main === module) void main();
