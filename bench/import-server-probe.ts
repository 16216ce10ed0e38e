/**
 * One measurement for `bench/import-bench.ts`, in a process of its own so its peak memory is its
 * own: `baseline` splits the file's text into lines and `JSON.parse`s each, keeping them; `import`
 * decodes the file and runs `importTranscript` on it, as the endpoint does; `endpoint` serves the
 * file to `POST /api/import` as the app sends it (NDJSON answer, the parent registered and its
 * tokens counted) and reads the answer to its end. Prints one JSON line: milliseconds, and the
 * peak RSS (the kernel's high-water mark, so no peak between two samples is missed) above the
 * process at rest with its modules loaded.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [mode, file] = process.argv.slice(2);

async function main(): Promise<void> {
  const { answerImportRequest } = await import('../lib/api/import-endpoint');
  (globalThis as { gc?: () => void }).gc?.();
  const atRest = process.memoryUsage().rss;
  const start = performance.now();
  let messages = 0;
  if (mode === 'baseline') {
    const records: unknown[] = [];
    for (const line of readFileSync(file!, 'utf8').split('\n')) if (line.trim() !== '') records.push(JSON.parse(line));
    messages = records.length;
  } else if (mode === 'import') {
    const { importTranscript } = await import('../lib/import/import-transcript');
    // As the endpoint holds it: the body decoded, the bytes let go.
    let bytes: Buffer | null = readFileSync(file!);
    const byteLength = bytes.byteLength;
    const text = bytes.toString('utf8');
    bytes = null;
    const result = await importTranscript(text, { byteLength });
    messages = result.transcript.messages.length;
  } else {
    const body = readFileSync(file!);
    const response = await answerImportRequest(
      new Request('http://localhost/api/import?name=bench.jsonl', { method: 'POST', body, headers: { accept: 'application/x-ndjson' } }),
    );
    const reader = response.body!.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    messages = 1;
  }
  const ms = performance.now() - start;
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ mode, ms, peakAboveRest: peak - atRest, atRest, messages }));
}

void main();
