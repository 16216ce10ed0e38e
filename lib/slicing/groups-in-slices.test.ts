import { describe, expect, it } from 'vitest';
import { groupsInSlices } from './groups-in-slices';

async function collect(parts: string[], groupChars: number): Promise<string[]> {
  const groups: string[] = [];
  for await (const group of groupsInSlices(parts, groupChars)) groups.push(group);
  return groups;
}

describe('groupsInSlices', () => {
  it('closes a group once it reaches the size, and keeps the remainder as the last group', async () => {
    expect(await collect(['ab', 'c', 'de', 'f'], 3)).toEqual(['abc', 'def']);
    expect(await collect(['ab', 'c', 'de'], 3)).toEqual(['abc', 'de']);
    expect(await collect(['abcdef', 'g'], 2)).toEqual(['abcdef', 'g']);
    expect(await collect([], 2)).toEqual([]);
  });

  it('gives the event loop a turn after each full group', async () => {
    // Other work waiting its turn: it runs only when the job gives the event loop one.
    let turns = 0;
    let waiting = true;
    const other = () => {
      turns++;
      if (waiting) setImmediate(other);
    };
    setImmediate(other);
    const groups = await collect(
      Array.from({ length: 5 }, () => 'x'),
      1,
    );
    waiting = false;
    expect(groups).toHaveLength(5);
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
