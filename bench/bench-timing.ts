import { performance } from 'node:perf_hooks';

/** `global.gc` under `--expose-gc`; nothing otherwise (figures are then noisier, not wrong). */
export const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Median wall time of `fn` over `runs` samples after a few warm-up runs. Each sample starts from
 * a collected heap, so one sample's garbage is not billed to the next.
 */
export function time(fn: () => unknown, runs: number): number {
  for (let i = 0; i < Math.min(3, runs); i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** One sample: `fn` run as many times as fit in `minMs` (at least once), as milliseconds per run. */
function sampleOf(fn: () => unknown, minMs: number): number {
  gc();
  const start = performance.now();
  let runs = 0;
  let elapsed = 0;
  do {
    fn();
    runs += 1;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return elapsed / runs;
}

/**
 * The median time per run of each of `fns`, sampled in turn (a, b, c, a, b, c, …) so a slow
 * stretch of the machine lands on every side of a ratio alike. Each sample lasts at least
 * `minSampleMs`, so a function of a few milliseconds is timed over many runs, not one.
 * Two sides of a few milliseconds each, timed 9 times one after the other, gave a ratio anywhere
 * from 1.3 to 3.7 between runs of the same code.
 */
export function timeInTurns<K extends string>(fns: Record<K, () => unknown>, options: { samples: number; minSampleMs: number }): Record<K, number> {
  const names = Object.keys(fns) as K[];
  for (const name of names) for (let i = 0; i < 3; i++) fns[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < options.samples; round++) {
    for (const name of names) samples[name].push(sampleOf(fns[name], options.minSampleMs));
  }
  return Object.fromEntries(names.map((name) => [name, median(samples[name])])) as Record<K, number>;
}
