/**
 * `npm run bench` (token part): counting text that is one long pre-token, as ratios against
 * counting the same amount of prose in the same run. gpt-tokenizer's merge is quadratic in one
 * pre-token's length, so before lib/tokens cut over-long pre-tokens a 200 KB run of one letter took
 * minutes and held the event loop the whole time.
 *
 * - one letter: 200 KB of "a" vs 200 KB of prose (target ≤ 2×).
 * - linearity: 200 KB vs 100 KB of pseudo-random lowercase letters, one pre-token with nothing to
 *   reuse between its pieces (target ≤ 2.5×; a quadratic count is 4×).
 * - the longest the event loop waits while any of the above is counted (target ≤ 50 ms), as the
 *   CPU time this process spent between two turns: on a shared machine the wall-clock gap also
 *   holds the time other processes had the core, which is printed beside it.
 *
 * Run with `--conditions=react-server`: lib/tokens/count-tokens is server-only.
 */
import { performance } from 'node:perf_hooks';
import { clearMergeCache } from 'gpt-tokenizer';
import { countText } from '../lib/tokens/count-tokens';

const SIZE = 200 * 1024;
const RUNS = 5;
const ONE_LETTER_TARGET = 2;
const LINEARITY_TARGET = 2.5;
const BLOCK_TARGET_MS = 50;

const PROSE = 'The build number is 4417; the tests in src/date.test.ts pass, and nobody touched parseDate yet. ';
const prose = PROSE.repeat(Math.ceil(SIZE / PROSE.length)).slice(0, SIZE);

function randomLetters(length: number): string {
  let seed = 2_463_534_242;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    text += String.fromCharCode(97 + (seed % 26));
  }
  return text;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

let longestBlock = 0;
let longestWallBlock = 0;

/** Time to count `text` from a cold merge cache, watching how long the event loop waits meanwhile. */
async function timeCount(text: string): Promise<number> {
  clearMergeCache();
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let watching = true;
  const watch = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longestBlock = Math.max(longestBlock, (cpu.user + cpu.system) / 1000);
    longestWallBlock = Math.max(longestWallBlock, now - last);
    last = now;
    lastCpu = process.cpuUsage();
    if (watching) setImmediate(watch);
  };
  setImmediate(watch);
  const start = performance.now();
  await countText(text);
  const elapsed = performance.now() - start;
  watching = false;
  await new Promise((resolve) => setImmediate(resolve));
  return elapsed;
}

async function main(): Promise<void> {
  const letters = randomLetters(SIZE);
  const texts = { prose, oneLetter: 'a'.repeat(SIZE), halfRandom: letters.slice(0, SIZE / 2), random: letters };
  // Rounds interleave the texts, so load from other processes falls on all of them alike.
  const times = new Map<keyof typeof texts, number[]>(Object.keys(texts).map((name) => [name as keyof typeof texts, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, text] of Object.entries(texts)) times.get(name as keyof typeof texts)!.push(await timeCount(text));
  }
  const proseMs = median(times.get('prose')!);
  const oneLetterMs = median(times.get('oneLetter')!);
  const halfRandomMs = median(times.get('halfRandom')!);
  const randomMs = median(times.get('random')!);

  const oneLetter = oneLetterMs / proseMs;
  const linearity = randomMs / halfRandomMs;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(`token counting, median of ${RUNS} from a cold merge cache`);
  console.log(`200 KB of prose                 ${proseMs.toFixed(1)} ms`);
  console.log(`200 KB of one letter            ${oneLetterMs.toFixed(1)} ms`);
  console.log(`100 KB of random letters        ${halfRandomMs.toFixed(1)} ms`);
  console.log(`200 KB of random letters        ${randomMs.toFixed(1)} ms`);
  console.log(`one letter / prose              ${oneLetter.toFixed(2)}×  (target ≤ ${ONE_LETTER_TARGET}×) ${verdict(oneLetter <= ONE_LETTER_TARGET)}`);
  console.log(`random 200 KB / 100 KB          ${linearity.toFixed(2)}×  (target ≤ ${LINEARITY_TARGET}×) ${verdict(linearity <= LINEARITY_TARGET)}`);
  console.log(
    `longest event-loop wait         ${longestBlock.toFixed(1)} ms of CPU  (target ≤ ${BLOCK_TARGET_MS} ms) ${verdict(longestBlock <= BLOCK_TARGET_MS)}; ` +
      `${longestWallBlock.toFixed(1)} ms by the clock`,
  );
  if (oneLetter > ONE_LETTER_TARGET || linearity > LINEARITY_TARGET || longestBlock > BLOCK_TARGET_MS) process.exitCode = 1;
}

void main();
