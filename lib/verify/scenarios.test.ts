import { describe, expect, it } from 'vitest';
import { FORK_RUNTIMES } from '@/lib/fork';
import { scenariosFor } from './run-matrix';
import { DRIVEN_RUNTIMES } from './runtime-pins';
import { scenarioFor } from './scenario';
import { SCENARIOS } from './scenarios';

describe('the verify scenarios', () => {
  it('name each runtime by the name its rules are shipped in, and give every driven runtime some', () => {
    const shipped = new Set(FORK_RUNTIMES.map((runtime) => runtime.shippedAs));
    // A misspelt runtime's turns would never run: they are keyed by strings, to take a runtime with no pin.
    const named = new Set(
      SCENARIOS.flatMap((scenario) => [...Object.keys(scenario.turns), ...Object.keys(scenario.setup ?? {}), ...Object.keys(scenario.known ?? {})]),
    );
    expect([...named].filter((name) => !shipped.has(name))).toEqual([]);
    expect(DRIVEN_RUNTIMES.filter((runtime) => !SCENARIOS.some((scenario) => scenario.turns[runtime] !== undefined))).toEqual([]);
  });

  it('give a runtime with rules in Fork Lab but no pin the turns written for it, and none of a shipped runtime’s own settings', () => {
    const compacted = SCENARIOS.find((scenario) => scenario.id === 'fork-after-compaction')!;
    expect(scenarioFor(compacted, 'kimi-code')).toEqual({ setup: { env: { KIMI_MODEL_MAX_CONTEXT_SIZE: '8000' } } });
    expect(scenarioFor(compacted, 'my-runtime')).toEqual({});
    expect(scenarioFor(compacted, 'constructor')).toEqual({});
    const mine = { ...compacted, turns: { ...compacted.turns, 'my-runtime': ['Call agent with fork=true prompt="Recall"'] } };
    expect(scenariosFor({ plays: 'my-runtime', rules: { policy: 'kimi-fork' } }, [mine, ...SCENARIOS]).map((scenario) => scenario.id)).toEqual([
      'fork-after-compaction',
    ]);
    // Kimi Code's own settings for the scenario leave it out for a runtime that only claims Kimi's rules.
    expect(scenariosFor({ plays: 'kimi-code', rules: { policy: 'kimi-fork' } }, [compacted])).toEqual([]);
  });
});
