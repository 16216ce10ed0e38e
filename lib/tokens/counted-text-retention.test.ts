import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { countText } from './count-tokens';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The heap once the last regular expression's subject (which V8 keeps for `RegExp.$1`) is a small string. */
function heapUsed(): number {
  /(b)/.exec('abc');
  gc();
  return process.memoryUsage().heapUsed;
}

/** About 5 MB of lines holding words of 13 characters or more, the length from which V8 slices a substring instead of copying it. */
function lines(words: (index: number) => string): string {
  return Array.from({ length: 100_000 }, (_, index) => `Line ${index}: we ${words(index)} here.`).join('\n');
}

/** On one line in 200, a lowercase word no other line has (stored once, never hit again). */
function newWordEvery200(index: number): string {
  if (index % 200 !== 0) return 'see';
  let suffix = '';
  for (let rest = index / 200; suffix.length < 2; rest = Math.floor(rest / 26)) suffix += String.fromCharCode(97 + (rest % 26));
  return `reconsideration${suffix}`;
}

async function leftBehind(text: () => string): Promise<number> {
  // Counting once first builds what the tokenizer builds on first use (compiled code, its caches'
  // tables), which a parallel suite otherwise counted as left behind (544 KB once, near the bound).
  await countText('A warm-up line with words like internationalization and reconsideration.');
  const before = heapUsed();
  const { tokens } = await countText(text());
  expect(tokens).toBeGreaterThan(500_000);
  return heapUsed() - before;
}

// gpt-tokenizer caches each pre-token's merge under the pre-token itself, a slice of the text
// being counted, and V8 keeps a sliced string's whole parent alive: each counted text stayed in
// memory, the offline model's whole prompt among them on every call. It did so both when a word was
// new (the cache stores it) and when it had been counted before (a hit stores it again, as the most
// recently used). patches/gpt-tokenizer+4.0.0.patch makes the cache keep a copy of its own.
describe('counting a text keeps nothing of it', () => {
  it('when its long words are new to the tokenizer', async () => {
    expect(await leftBehind(() => lines(newWordEvery200))).toBeLessThan(512 * 1024);
  });

  it('when its long words were counted before', async () => {
    await countText('We editorialize, internationalize and compartmentalize.');
    expect(await leftBehind(() => lines(() => 'editorialize internationalize compartmentalize'))).toBeLessThan(512 * 1024);
  });
});
