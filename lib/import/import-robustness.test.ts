import { describe, it } from 'vitest';
import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { forkBundle } from '@/lib/export/fork-bundle';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import { planFork } from '@/lib/fork';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { assertImportsOrRefusesWhateverTheDamage } from './testing/damaged-input';
import { ownFixture, ownFixtureFiles } from './testing/own-fixtures';

interface Sample {
  name: string;
  text: string;
}

const ownSamples: Sample[] = ownFixtureFiles().map(({ name }) => ({ name, text: ownFixture(name) }));

function apiSamples(): Sample[] {
  const samples: Sample[] = [];
  for (const scenario of BUILT_IN_SCENARIOS.slice(0, 4)) {
    const plan = planFork(scenario.transcript, scenario.request);
    if (plan.child === null) continue;
    const child = {
      name: 'c',
      request: scenario.request,
      plan,
      bootstrap: null,
      ownMessages: [],
      status: 'finished' as const,
      modelId: null,
      finalOutput: null,
    };
    samples.push(
      { name: `${scenario.id} as OpenAI Chat`, text: JSON.stringify(toOpenAiChatRequest(plan.child)) },
      { name: `${scenario.id} as Anthropic`, text: JSON.stringify(toAnthropicMessagesRequest(plan.child)) },
      {
        name: `${scenario.id} as bundle`,
        text: JSON.stringify(forkBundle({ title: 't', parent: scenario.transcript, request: scenario.request, plan, children: [child] })),
      },
    );
  }
  return samples;
}

describe('importing damaged input', () => {
  // Every sample gets its own property, so every sample is damaged in every way on every CI run,
  // and across the samples every format is tried dozens of times.
  const NUM_RUNS = 100;
  for (const sample of [...ownSamples, ...apiSamples()]) {
    it(`${sample.name}: imports or refuses with an ImportError, whatever the damage, as every format`, async () => {
      await assertImportsOrRefusesWhateverTheDamage(sample.text, NUM_RUNS);
    }, 30_000);
  }
});
