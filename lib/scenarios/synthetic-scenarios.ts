import type { Scenario } from './scenario';
import { syntheticParent } from './synthetic-parent';

/** Sizes of the generated long parents the scenario picker offers (for trying Fork Lab at scale). */
export const SYNTHETIC_SIZES = [1_000, 10_000] as const;

export function syntheticScenarioId(size: number): string {
  return `synthetic-${size}`;
}

/**
 * A generated long parent as a scenario, made in the browser rather than shipped as a file:
 * tool pairs, reminders, a startup block, a compaction summary and an open Agent call, the same
 * shape `npm run bench` measures. Null for an id that is not a synthetic size.
 */
export function syntheticScenario(id: string): Scenario | null {
  const size = SYNTHETIC_SIZES.find((candidate) => syntheticScenarioId(candidate) === id);
  if (size === undefined) return null;
  const transcript = syntheticParent(size);
  return {
    id,
    // The generator ends on a whole turn, so the count is about `size`: show the real one.
    title: `Synthetic parent · ${transcript.messages.length.toLocaleString('en-US')} messages`,
    shows: 'A long generated session, to see how windows, previews and children behave at scale.',
    transcript,
    request: {
      policy: 'qwen-fork-turns',
      directive: 'Add tests for every route.',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: '3' },
    },
  };
}
