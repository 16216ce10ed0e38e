import type { ShippedRuntimeDriver } from './runtime-driver';

/**
 * Claude Code over Anthropic Messages, headless (`-p`). As root it takes
 * `--dangerously-skip-permissions` only with IS_SANDBOX=1; the other variables keep it from
 * calling anywhere but the endpoint.
 */
export const claudeCodeDriver: ShippedRuntimeDriver = {
  homeFiles: () => ({}),
  env: (origin) => ({
    IS_SANDBOX: '1',
    ANTHROPIC_BASE_URL: origin,
    ANTHROPIC_API_KEY: 'sk-ant-none',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
  }),
  args: (prompt, continued) => [...(continued ? ['--continue'] : []), '-p', prompt, '--dangerously-skip-permissions', '--model', 'fork-lab-offline'],
  pointing: (origin) => ({
    env: { ANTHROPIC_BASE_URL: origin, ANTHROPIC_API_KEY: 'sk-ant-none', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
    command: ['claude', '-p', 'PROMPT', '--model', 'fork-lab-offline'],
  }),
  resultArrives: 'as-message',
};
