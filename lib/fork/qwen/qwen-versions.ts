import type { RuntimeVersions } from '../runtime-version';

/** Qwen Code's fork lines: 0.24 added `fork_tools`, `fork_profile` and a longer rule 2. */
export const QWEN_VERSIONS = [
  {
    id: '0.24',
    label: 'Qwen Code 0.24 (seen in 0.24.4)',
    from: '0.24.0',
    seenIn: '0.24.4',
    source: '@qwen-code/qwen-code 0.24.4 as shipped: its bundled fork-subagent.ts and agent.ts, and its traffic (verify)',
  },
  { id: '0.23', label: 'Qwen Code before 0.24 (upstream 05c11b40)', source: 'QwenLM/qwen-code fork-subagent.ts and agent.ts at 05c11b40' },
] as const satisfies RuntimeVersions;

export type QwenVersion = (typeof QWEN_VERSIONS)[number]['id'];

/** `QwenCode/0.24.4 (linux; x64)`: the user agent Qwen Code sends every OpenAI-compatible provider. */
export function qwenAnnouncedRelease(headers: Readonly<Record<string, string>>): string | null {
  return /^QwenCode\/(\d+\.\d+\.\d+)/.exec(headers['user-agent'] ?? '')?.[1] ?? null;
}
