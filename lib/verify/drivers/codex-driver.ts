import type { ShippedRuntimeDriver } from './runtime-driver';

/**
 * Codex over the Responses API (the only wire it takes for a custom provider), with its v2
 * multi-agent tools (`spawn_agent` inside the `collaboration` namespace) switched on.
 */
/**
 * A config.toml that points Codex at Fork Lab: the model and provider, `top` more top-level keys
 * (TOML puts them before the first table), the provider's table and the multi-agent feature, then
 * `tables` more.
 */
function configToml(origin: string, top: readonly string[] = [], tables: readonly string[] = []): string {
  return [
    'model = "fork-lab-offline"',
    'model_provider = "forklab"',
    ...top,
    '[model_providers.forklab]',
    'name = "Fork Lab"',
    `base_url = "${origin}/v1"`,
    'wire_api = "responses"',
    'env_key = "FORKLAB_KEY"',
    '[features]',
    'multi_agent_v2 = true',
    ...tables,
    '',
  ].join('\n');
}

export const codexDriver: ShippedRuntimeDriver = {
  homeFiles: (origin) => ({
    '.codex/config.toml': configToml(
      origin,
      ['approval_policy = "never"', 'sandbox_mode = "danger-full-access"'],
      // A role, so that spawn_agent declares `agent_type` (0.169 declares it only when roles are configured).
      ['[agents.reviewer]', 'description = "Reviews a change and says what is wrong."', 'config_file = "reviewer.toml"'],
    ),
    '.codex/reviewer.toml': 'developer_instructions = "You are the reviewer: say what is wrong, briefly."\n',
  }),
  env: (_origin, home) => ({ CODEX_HOME: `${home}/.codex`, FORKLAB_KEY: 'sk-none' }),
  args: (prompt, continued) => ['exec', ...(continued ? ['resume', '--last'] : []), '--skip-git-repo-check', prompt],
  pointing: (origin) => ({
    env: { FORKLAB_KEY: 'sk-none' },
    files: { '~/.codex/config.toml': configToml(origin) },
    command: ['codex', 'exec', '--skip-git-repo-check', 'PROMPT'],
    note: 'Codex takes a custom provider over the Responses API only; multi_agent_v2 gives it spawn_agent.',
  }),
  resultArrives: 'as-message',
};
