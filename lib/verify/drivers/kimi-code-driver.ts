import type { ShippedRuntimeDriver } from './runtime-driver';

/**
 * Kimi Code headless (`-p`, which always runs in auto permission mode; `-c` continues the folder's
 * last session) over Chat Completions, its model from the environment (no config file), with the
 * experimental fork flag on and nothing that phones home. It runs on Node 22 from its cache folder.
 */
export const kimiCodeDriver: ShippedRuntimeDriver = {
  homeFiles: () => ({}),
  env: (origin, home) => ({
    KIMI_CODE_HOME: `${home}/.kimi`,
    KIMI_MODEL_NAME: 'fork-lab-offline',
    KIMI_MODEL_API_KEY: 'sk-none',
    KIMI_MODEL_PROVIDER_TYPE: 'openai',
    KIMI_MODEL_BASE_URL: `${origin}/v1`,
    KIMI_CODE_EXPERIMENTAL_SUBAGENT_FORK: '1',
    KIMI_CODE_NO_AUTO_UPDATE: '1',
    KIMI_DISABLE_TELEMETRY: '1',
  }),
  args: (prompt, continued) => [...(continued ? ['-c'] : []), '-p', prompt, '--output-format', 'text'],
  pointing: (origin) => ({
    env: {
      KIMI_MODEL_PROVIDER_TYPE: 'openai',
      KIMI_MODEL_BASE_URL: `${origin}/v1`,
      KIMI_MODEL_API_KEY: 'sk-none',
      KIMI_MODEL_NAME: 'fork-lab-offline',
      KIMI_CODE_EXPERIMENTAL_SUBAGENT_FORK: '1',
    },
    command: ['kimi', '-p', 'PROMPT'],
    note: 'Kimi Code runs on Node 22; fork: true needs the experimental flag.',
  }),
  resultArrives: 'as-call-result',
};
