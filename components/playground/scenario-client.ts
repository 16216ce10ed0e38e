'use client';

import { parseScenario, type Scenario } from '@/lib/scenarios/scenario';
import { syntheticScenario } from '@/lib/scenarios/synthetic-scenarios';
import { selectionFromRequest } from '@/lib/workspace/fork-selection';

/** A scenario by id: the one the server preloaded, a synthetic one, or its file; null when there is none. */
export async function fetchScenario(id: string, preloaded: Scenario): Promise<Scenario | null> {
  if (id === preloaded.id) return preloaded;
  const synthetic = syntheticScenario(id);
  if (synthetic !== null) return synthetic;
  const response = await fetch(`/scenarios/${encodeURIComponent(id)}.json`);
  if (!response.ok) return null;
  try {
    return parseScenario(await response.json());
  } catch {
    // Not a scenario file (`index` names the list of scenarios): an unknown scenario, not a crash.
    return null;
  }
}

/** The session a scenario opens as. */
export function sessionInit(scenario: Scenario) {
  return {
    id: `scenario:${scenario.id}`,
    title: scenario.title,
    source: { kind: 'scenario' as const, scenarioId: scenario.id, ...(scenario.probes === undefined ? {} : { probes: scenario.probes }) },
    transcript: scenario.transcript,
    selection: selectionFromRequest(scenario.request),
  };
}
