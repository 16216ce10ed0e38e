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

/** On one line in 200, a lowercase word no other line (and no other attempt) has: stored once, never hit again. */
function newWordEvery200(attempt: number) {
  return (index: number): string => {
    if (index % 200 !== 0) return 'see';
    let suffix = '';
    for (let rest = index / 200; suffix.length < 2; rest = Math.floor(rest / 26)) suffix += String.fromCharCode(97 + (rest % 26));
    return `reconsideration${'qxz'[attempt]}${suffix}`;
  };
}

/**
 * What counting a text leaves on the heap, the least of two attempts: the heap of a worker that
 * shares its process with a parallel suite moves by a few hundred KB on its own (544 KB and 530 KB
 * were measured once each, near the bound), while a counted text kept alive is megabytes every time.
 */
async function leftBehind(text: (attempt: number) => string): Promise<number> {
  // Counting once first builds what the tokenizer builds on first use (compiled code, its caches' tables).
  await countText('A warm-up line with words like internationalization and reconsideration.');
  // Both from one baseline: a cache that lets go of the first text when it takes the second still holds one.
  const before = heapUsed();
  const measured: number[] = [];
  for (const attempt of [0, 1]) {
    const { tokens } = await countText(text(attempt));
    expect(tokens).toBeGreaterThan(500_000);
    measured.push(heapUsed() - before);
  }
  return Math.min(...measured);
}

// gpt-tokenizer caches each pre-token's merge under the pre-token itself, a slice of the text
// being counted, and V8 keeps a sliced string's whole parent alive: each counted text stayed in
// memory, the offline model's whole prompt among them on every call. It did so both when a word was
// new (the cache stores it) and when it had been counted before (a hit stores it again, as the most
// recently used). patches/gpt-tokenizer+4.0.0.patch makes the cache keep a copy of its own.
describe('counting a text keeps nothing of it', () => {
  it('when its long words are new to the tokenizer', async () => {
    expect(await leftBehind((attempt) => lines(newWordEvery200(attempt)))).toBeLessThan(512 * 1024);
  });

  it('when its long words were counted before', async () => {
    await countText('We editorialize, internationalize and compartmentalize.');
    expect(await leftBehind(() => lines(() => 'editorialize internationalize compartmentalize'))).toBeLessThan(512 * 1024);
  });
});
