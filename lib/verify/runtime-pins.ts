/**
 * The shipped runtimes the verify matrix installs and drives, each pinned to the release its rules
 * were last checked against. One place for the versions: bump a pin here, run `fork-lab verify`,
 * and every cell says whether Fork Lab still reproduces that release.
 */
export const RUNTIME_PINS = {
  'qwen-code': { package: '@qwen-code/qwen-code', version: '0.24.4', bin: 'qwen' },
  codex: { package: '@openai/codex', version: '0.169.0', bin: 'codex' },
  'claude-code': { package: '@anthropic-ai/claude-code', version: '2.1.328', bin: 'claude' },
} as const;

export type DrivenRuntime = keyof typeof RUNTIME_PINS;

export const DRIVEN_RUNTIMES = Object.keys(RUNTIME_PINS) as DrivenRuntime[];

export function isDrivenRuntime(name: string): name is DrivenRuntime {
  return Object.hasOwn(RUNTIME_PINS, name);
}

/**
 * The runtimes Fork Lab models that no registry ships: their rules rest on reading their code, and
 * the matrix lists them as such rather than leaving them out.
 */
export const CODE_READ_RUNTIMES = [
  { name: 'kimi-code', label: 'Kimi Code', source: 'MoonshotAI/kimi-code (not published to npm)' },
  { name: 'deepseek-harness', label: 'DeepSeek Harness', source: 'deepseek-ai/deepseek-harness (not published to npm)' },
] as const;
