import type { ShippedRuntimeDriver } from './runtime-driver';

/**
 * LangChain Deep Agents through Fork Lab's driver program (`lib/verify/programs/`): a library
 * keeps its conversation in memory, so every turn of a scenario runs in one process, on one thread.
 */
export const deepAgentsDriver: ShippedRuntimeDriver = {
  homeFiles: () => ({}),
  env: (origin) => ({ FORK_LAB_ORIGIN: origin }),
  args: (prompt) => [JSON.stringify([prompt])],
  allTurns: (prompts) => [JSON.stringify(prompts)],
  pointing: (origin) => ({
    env: { OPENAI_BASE_URL: `${origin}/v1`, OPENAI_API_KEY: 'sk-none' },
    command: ['node', 'your-agent.mjs', 'PROMPT'],
    note: 'A library: the ChatOpenAI model of your deep agent reads OPENAI_BASE_URL (or pass configuration.baseURL).',
  }),
  resultArrives: 'as-call-result',
  // A compiled fork keeps the history but brings its own prompt and tools: read so, a declarative fork's child must differ.
  plantedRule: { settings: { program: { fork: { name: 'forker', kind: 'compiled', tools: [] } } }, says: 'a compiled fork’s rules (its own prompt, no tools)' },
};
