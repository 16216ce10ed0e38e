import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { forkBundle } from '@/lib/export/fork-bundle';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import { planFork } from '@/lib/fork';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { ImportError } from './import-errors';
import { IMPORT_FORMAT_IDS } from './import-format';
import { importTranscript } from './import-transcript';

/** Values a careless or hostile writer puts where a field belongs. */
const ODD: unknown[] = [null, 0, -1, 1e308, '', 'constructor', '__proto__', 'toString', [], {}, [null], { type: 'constructor' }, true];

/** A small deterministic generator, so a failure names a reproducible input. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function mutate(value: unknown, random: () => number): unknown {
  const odd = () => ODD[Math.floor(random() * ODD.length)];
  if (value === null || typeof value !== 'object') return random() < 0.05 ? odd() : value;
  if (Array.isArray(value)) return value.map((item) => (random() < 0.04 ? odd() : mutate(item, random)));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, random() < 0.04 ? odd() : mutate(item, random)]));
}

const REAL = `${__dirname}/fixtures/real`;
const realSamples = ['claude-code', 'codex', 'gemini'].flatMap((folder) =>
  readdirSync(`${REAL}/${folder}`).map((file) => ({ name: `${folder}/${file}`, text: readFileSync(`${REAL}/${folder}/${file}`, 'utf8') })),
);

function apiSamples(): { name: string; text: string }[] {
  const samples: { name: string; text: string }[] = [];
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

/** Mutate every record of a sample: JSONL line by line, a document as a whole. */
function mutated(text: string, random: () => number): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length > 1 && lines.every((line) => line.trimStart().startsWith('{'))) {
    return lines.map((line) => JSON.stringify(mutate(JSON.parse(line), random))).join('\n');
  }
  return JSON.stringify(mutate(JSON.parse(text), random));
}

describe('importing damaged input', () => {
  it('either imports or refuses with an ImportError, whatever field holds whatever value, in every format', async () => {
    const random = generator(20261130);
    const unexpected: string[] = [];
    for (const sample of [...realSamples, ...apiSamples()]) {
      for (let round = 0; round < 3; round++) {
        const input = mutated(sample.text, random);
        for (const format of [undefined, ...IMPORT_FORMAT_IDS]) {
          try {
            await importTranscript(input, { format });
          } catch (error) {
            if (!(error instanceof ImportError)) unexpected.push(`${sample.name} (round ${round}) as ${format ?? 'detected'}: ${String(error)}`);
          }
        }
      }
    }
    expect(unexpected).toEqual([]);
  }, 60_000);
});
