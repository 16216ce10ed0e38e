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
