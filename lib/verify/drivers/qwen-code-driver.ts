import type { ShippedRuntimeDriver } from './runtime-driver';

/** Qwen Code over Chat Completions, headless (`-p`), every tool approved (`--yolo`). */
export const qwenCodeDriver: ShippedRuntimeDriver = {
  homeFiles: () => ({}),
  env: (origin) => ({
    OPENAI_API_KEY: 'sk-none',
    OPENAI_BASE_URL: `${origin}/v1`,
    OPENAI_MODEL: 'fork-lab-offline',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
  }),
  args: (prompt, continued) => [...(continued ? ['--continue'] : []), '-p', prompt, '--yolo'],
  pointing: (origin) => ({
    env: { OPENAI_BASE_URL: `${origin}/v1`, OPENAI_API_KEY: 'sk-none', OPENAI_MODEL: 'fork-lab-offline' },
    command: ['qwen', '-p', 'PROMPT', '--yolo'],
  }),
  resultArrives: 'as-message',
};
