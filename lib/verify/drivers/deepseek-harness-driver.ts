import { readFileSync } from 'node:fs';
import { programFile } from '../programs/program-file';
import type { ShippedRuntimeDriver } from './runtime-driver';

/**
 * The headless profile's runner takes one task and ends; this stand-in (Fork Lab's, in
 * `lib/verify/programs/`) takes the same steps for a JSON list of turns, so a scenario's turns are
 * one session. The profile loads it from its own folder, where the launcher links DeepSeek
 * Harness's packages for its imports.
 */
function runner(): string {
  // Read when a cell runs, not when the module loads: the app imports the drivers to show how each runtime is pointed at it.
  return readFileSync(programFile('dsh-multi-turn-runner.mjs'), 'utf8');
}

/** The headless profile's user layer: the runner swapped for the multi-turn one. */
export const HEADLESS_RUNNER_PATCH = `# Fork Lab: the one-shot runner replaced by one that takes a list of turns.
- id: headless-runner
  disabled: true
- insert:
    - id: forklab-runner
      name: ./forklab-runner.mjs
      inject: [headlessStartup]
`;

/**
 * The fork tool as the shipped presets configure it (dsh-base's \`tool-subagent-fork\` row), with
 * more settings: a patch replaces a row's config whole, so the shipped keys are repeated.
 */
export function forkToolPatch(settings: string): string {
  return `- id: tool-subagent-fork\n  config:\n    provider: fork\n    toolName: subagent_fork\n    backgroundMode: one-shot\n${settings}`;
}

/**
 * DeepSeek Harness 0.1.0-rc.8 headless (`dsh --profile headless`), its model at the endpoint
 * through DEEPSEEK_BASE_URL, on Node 22 from its cache folder, telemetry off.
 */
export const deepSeekHarnessDriver: ShippedRuntimeDriver = {
  homeFiles: () => ({
    '.dsh/profiles/headless/forklab-runner.mjs': runner(),
    '.dsh/profiles/headless/cordis.patch.yml': HEADLESS_RUNNER_PATCH,
  }),
  env: (origin, home) => ({
    DSH_HOME: `${home}/.dsh`,
    DEEPSEEK_BASE_URL: `${origin}/v1`,
    DEEPSEEK_API_KEY: 'sk-none',
    DSH_TELEMETRY_DISABLED: '1',
  }),
  args: (prompt) => ['--profile', 'headless', JSON.stringify([prompt])],
  allTurns: (turns) => ['--profile', 'headless', JSON.stringify(turns)],
  programTurns: true,
  pointing: (origin) => ({
    env: { DEEPSEEK_BASE_URL: `${origin}/v1`, DEEPSEEK_API_KEY: 'sk-none' },
    command: ['dsh', '--profile', 'headless', 'PROMPT'],
    note: 'DeepSeek Harness runs on Node 22.',
  }),
  resultArrives: 'as-call-result',
};
