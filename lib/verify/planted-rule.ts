import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type ForkPolicy, runtimeOf } from '@/lib/fork';
import type { CheckedFork, MatrixCell, PlantedRuleResult } from '@/lib/runtime-matrix/runtime-matrix';
import type { RuntimeDriver } from './drivers';
import { startRecordingServer } from './recording-server';
import { checkQuery } from './run-scenario';

/** What reading a green cell's traffic by an older release's rules showed. */

/**
 * A matrix that cannot go red proves nothing. For each runtime with older rules, its first green
 * fork cell is read again by those rules (an old boilerplate, an old placeholder): the check must
 * find the child differs. The traffic is the cell's own, kept in its folder.
 */
export async function plantedRuleChecks(
  cells: readonly MatrixCell[],
  plantedRules: ReadonlyMap<string, RuntimeDriver['plantedRule']>,
): Promise<PlantedRuleResult[]> {
  const results: PlantedRuleResult[] = [];
  const done = new Set<string>();
  for (const cell of cells) {
    const fork = cell.forks[0];
    if (!cell.green || fork === undefined || done.has(cell.runtime)) continue;
    // Another line than the one the cell was read by (a driver may claim the oldest): the oldest such.
    const readBy = cell.check?.version ?? fork.announced?.runtimeVersion;
    const other = runtimeOf(fork.runtime as ForkPolicy)
      .versions.filter((version) => version.id !== readBy)
      .at(-1);
    const planted = plantedRules.get(cell.runtime);
    if (other === undefined && planted === undefined) continue;
    done.add(cell.runtime);
    const oldest = planted === undefined ? other!.id : planted.says;
    const rules = planted === undefined ? `the ${oldest} rules` : planted.says;
    // Read as the cell was (its settings, its program's forks), but by the wrong rules.
    const query = new URLSearchParams(checkQuery(null, { settings: planted?.settings ?? cell.check?.settings, started: cell.check?.started ?? [] }));
    query.set('runtime', fork.runtime);
    if (planted === undefined) query.set('version', oldest);
    const dataDir = readdirSync(cell.folder).find((entry) => entry.startsWith('data-'));
    if (dataDir === undefined) continue;
    const server = await startRecordingServer(path.join(cell.folder, dataDir));
    try {
      const response = await fetch(`${server.origin}/api/captures?${query}`);
      const { forks } = (await response.json()) as { forks: CheckedFork[] };
      const wrong = forks.find((candidate) => candidate.verdict !== 'matches');
      // A reading that finds no fork at all tells nothing apart: it is no catch.
      const summary =
        forks.length === 0
          ? `read by ${rules} the check finds no fork: it was not read as the cell was`
          : wrong === undefined
            ? `read by ${rules} the child still matches: the check cannot tell the two apart`
            : `read by ${rules}: ${wrong.verdict} at ${wrong.difference?.at ?? '(refused)'}`;
      results.push({ cell: `${cell.runtime}@${cell.version} ${cell.scenario}`, runtimeVersion: oldest, caught: wrong !== undefined, summary });
    } finally {
      await server.close();
    }
  }
  return results;
}
