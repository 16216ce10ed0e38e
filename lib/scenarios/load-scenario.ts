import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseScenario, type Scenario } from './scenario';
import type { ScenarioSummary } from './scenario-files';

const SCENARIO_DIR = path.join(process.cwd(), 'public', 'scenarios');

/** Every built-in scenario's summary, from `public/scenarios/index.json`. */
export async function listScenarios(): Promise<ScenarioSummary[]> {
  return JSON.parse(await readFile(path.join(SCENARIO_DIR, 'index.json'), 'utf8')) as ScenarioSummary[];
}

/** One built-in scenario by id, validated; null for an id that is not a built-in scenario. */
export async function loadScenario(id: string): Promise<Scenario | null> {
  const known = await listScenarios();
  if (!known.some((scenario) => scenario.id === id)) return null;
  return parseScenario(JSON.parse(await readFile(path.join(SCENARIO_DIR, `${id}.json`), 'utf8')));
}
