import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { MatrixCell, RuntimeMatrix, UnrunnableRuntime } from '@/lib/runtime-matrix/runtime-matrix';
import { plantedRuleChecks } from './planted-rule';
import { runScenario } from './run-scenario';
import { UNRUNNABLE_RUNTIMES } from './runtime-pins';
import { type RuntimeUnderTest, rulesName } from './runtime-under-test';
import { scenarioFor } from './scenario';
import type { Scenario } from './scenarios';

/**
 * Every scenario a runtime has prompts for, run on that runtime, `concurrency` cells at a time
 * (each with its own endpoint, store, home and working folder, so cells never see each other's
 * traffic). `onCell` hears of each as it ends.
 */
export async function runMatrix(
  runtimes: readonly RuntimeUnderTest[],
  scenarios: readonly Scenario[],
  options: { folder: string; concurrency: number; timeoutMs: number; onCell?: (cell: MatrixCell) => void; notInstalled?: readonly UnrunnableRuntime[] },
): Promise<RuntimeMatrix> {
  const startedAt = new Date();
  const started = performance.now();
  const jobs = runtimes.flatMap((runtime) => scenariosFor(runtime, scenarios).map((scenario) => ({ runtime, scenario })));
  const cells: MatrixCell[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const at = next++;
      const { runtime, scenario } = jobs[at]!;
      // No `@` in the path: the runtime works in a folder inside it, and Qwen Code reads `@…` in a
      // prompt as a file to attach (it split `qwen-code@0.24.4/work/notes.txt` into two words).
      const folder = path.join(options.folder, runtime.name, runtime.version, scenario.id);
      // A cell's folder holds one run: what an earlier run left there would be read as this one's.
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      const cell = await runScenario(runtime, scenario, { folder, timeoutMs: options.timeoutMs });
      cells[at] = cell;
      options.onCell?.(cell);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, worker));
  const planted = await plantedRuleChecks(cells, new Map(runtimes.map((runtime) => [runtime.name, runtime.driver.plantedRule])));
  return {
    kind: 'fork-lab/runtime-matrix',
    version: 1,
    startedAt: startedAt.toISOString(),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    runtimes: runtimes.map(({ name, version, origin, rules }) => ({ name, version, origin, ...(rules === undefined ? {} : { rules: rulesName(rules) }) })),
    scenarios: scenarios.map(({ id, title }) => ({ id, title })),
    cells,
    planted,
    cannotRun: [...UNRUNNABLE_RUNTIMES, ...(options.notInstalled ?? [])],
  };
}

/**
 * The scenarios a runtime plays: those with prompts for the shipped runtime it is or claims the
 * rules of. A runtime brought by a driver file leaves out the ones that configure the shipped
 * runtime itself (its settings files, its variables), which mean nothing to another runtime.
 */
export function scenariosFor(runtime: Pick<RuntimeUnderTest, 'plays' | 'rules'>, scenarios: readonly Scenario[]): Scenario[] {
  return scenarios.filter(
    (scenario) => scenario.turns[runtime.plays] !== undefined && (runtime.rules === undefined || scenarioFor(scenario, runtime.plays).setup === undefined),
  );
}
