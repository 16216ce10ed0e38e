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
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const groups = await collect(
      Array.from({ length: 5 }, () => 'x'),
      1,
    );
    clearInterval(ticking);
    expect(groups).toHaveLength(5);
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
