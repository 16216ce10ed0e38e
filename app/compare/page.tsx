import type { Metadata } from 'next';
import { CompareView } from '@/components/compare/compare-view';
import { DEFAULT_SCENARIO_ID } from '@/lib/scenarios/built-in-scenarios';
import { loadScenario } from '@/lib/scenarios/load-scenario';

export const metadata: Metadata = { title: 'Compare forks · Fork Lab' };

/** `/compare`: many forks of the playground's parent side by side (`?scenario=` opens a scenario first). */
export default async function ComparePage() {
  const initialScenario = (await loadScenario(DEFAULT_SCENARIO_ID))!;
  return <CompareView initialScenario={initialScenario} defaultScenarioId={DEFAULT_SCENARIO_ID} />;
}
