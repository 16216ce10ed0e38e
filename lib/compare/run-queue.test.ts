import { describe, expect, it } from 'vitest';
import { RunQueue } from './run-queue';

/** A job that runs until released, recording how many run at once. */
function jobs() {
  const release = new Map<string, () => void>();
  const started: string[] = [];
  let running = 0;
  let most = 0;
  const run = (item: string) =>
    new Promise<void>((resolve) => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      release.set(item, () => {
        running -= 1;
        resolve();
      });
    });
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { run, release, started, most: () => most, settle };
}

describe('RunQueue', () => {
  it('runs at most three at a time, in order, the next starting as one ends', async () => {
    const { run, release, started, most, settle } = jobs();
    const queue = new RunQueue(3, run);
    queue.push('a', 'b', 'c', 'd', 'e');
    expect(started).toEqual(['a', 'b', 'c']);
    release.get('b')!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const item of ['a', 'c', 'd']) release.get(item)!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most()).toBe(3);
  });

  it('takes back what waits, queues an item once, and starts nothing once disposed', async () => {
    const { run, release, started, settle } = jobs();
    const queue = new RunQueue(1, run);
    queue.push('a', 'b', 'b', 'c', 'd');
    expect(queue.remove('c')).toBe(true);
    expect(queue.remove('a')).toBe(false);
    expect(queue.dispose()).toEqual(['b', 'd']);
    release.get('a')!();
    await settle();
    expect(started).toEqual(['a']);
    expect(queue.running).toBe(0);
  });
});
