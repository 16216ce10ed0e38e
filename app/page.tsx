import { Playground } from '@/components/playground/playground';
import { DEFAULT_SCENARIO_ID } from '@/lib/scenarios/built-in-scenarios';
import { listScenarios, loadScenario } from '@/lib/scenarios/load-scenario';

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const requested = typeof params.scenario === 'string' ? params.scenario : DEFAULT_SCENARIO_ID;
  const [scenarios, scenario] = await Promise.all([listScenarios(), loadScenario(requested)]);
  const initialScenario = scenario ?? (await loadScenario(DEFAULT_SCENARIO_ID))!;
  return <Playground scenarios={scenarios} initialScenario={initialScenario} defaultScenarioId={DEFAULT_SCENARIO_ID} />;
}
