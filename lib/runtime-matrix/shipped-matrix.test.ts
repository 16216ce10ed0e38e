import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DRIVEN_RUNTIMES, RUNTIME_PINS } from '@/lib/verify/runtime-pins';
import { SCENARIOS } from '@/lib/verify/scenarios';
import { readShippedMatrix } from './latest-matrix';
import { matrixPasses } from './matrix-report';
import { SHIPPED_SECTION, shippedSection } from './shipped-matrix';

/*
 * The matrix the repository ships is the last verify run on main. When a pin or a scenario moves
 * on without a new run, these fail: run `npx fork-lab verify`, then `npm run matrix:ship -- <out>`.
 */
describe('the shipped runtime matrix', () => {
  const shipped = readShippedMatrix();

  it('is a passing run of every pinned release', () => {
    expect(shipped).not.toBeNull();
    expect(shipped!.runtimes.map(({ name, version }) => `${name}@${version}`)).toEqual(DRIVEN_RUNTIMES.map((name) => `${name}@${RUNTIME_PINS[name].version}`));
    expect(matrixPasses(shipped!)).toBe(true);
  });

  it('has a cell for every scenario each runtime runs today, and no other', () => {
    const expected = DRIVEN_RUNTIMES.flatMap((runtime) =>
      SCENARIOS.filter((scenario) => scenario.turns[runtime] !== undefined).map((scenario) => `${runtime} ${scenario.id}`),
    );
    expect(shipped!.cells.map((cell) => `${cell.runtime} ${cell.scenario}`).sort()).toEqual(expected.sort());
  });

  it('names no machine’s paths: each cell’s folder is named inside the run', () => {
    const text = readFileSync('docs/verify-matrix.json', 'utf8');
    expect(text).not.toMatch(/"\/(tmp|home|work|Users|root)\//);
    for (const cell of shipped!.cells) expect(cell.folder).toBe(`${cell.runtime}/${cell.version}/${cell.scenario}`);
  });

  it('is what docs/verify.md shows, word for word', () => {
    const doc = readFileSync('docs/verify.md', 'utf8');
    const section = doc.slice(doc.indexOf(SHIPPED_SECTION.start), doc.indexOf(SHIPPED_SECTION.end) + SHIPPED_SECTION.end.length);
    expect(section).toBe(shippedSection(shipped!));
  });

  it('holds, for every green fork, what it reused of its parent’s cache', () => {
    const forks = shipped!.cells.filter((cell) => cell.green).flatMap((cell) => cell.forks.filter((fork) => fork.verdict === 'matches'));
    expect(forks.length).toBeGreaterThan(0);
    expect(forks.filter((fork) => fork.cache === undefined || fork.cache === null)).toEqual([]);
  });
});
