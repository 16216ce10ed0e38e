import type { Scenario } from './scenario';

/** What `public/scenarios/index.json` lists for each scenario. */
export interface ScenarioSummary {
  id: string;
  title: string;
  shows: string;
  policy: Scenario['request']['policy'];
  messages: number;
}

export function summarize(scenario: Scenario): ScenarioSummary {
  return {
    id: scenario.id,
    title: scenario.title,
    shows: scenario.shows,
    policy: scenario.request.policy,
    messages: scenario.transcript.messages.length,
  };
}

/** The files `public/scenarios/` holds for a set of scenarios: one per scenario, plus the index. */
export function scenarioFiles(scenarios: readonly Scenario[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const scenario of scenarios) files.set(`${scenario.id}.json`, `${JSON.stringify(scenario, null, 2)}\n`);
  files.set('index.json', `${JSON.stringify(scenarios.map(summarize), null, 2)}\n`);
  return files;
}
