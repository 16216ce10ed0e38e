import type { RuntimeVersions } from '../runtime-version';

/** DeepSeek Harness's release lines: 0.1 as `@deepseek-ai/dsh` ships it, and the repository read before it was published. */
export const DEEPSEEK_VERSIONS = [
  {
    id: '0.1',
    label: 'DeepSeek Harness 0.1 (seen in 0.1.0-rc.8)',
    from: '0.1.0',
    seenIn: '0.1.0-rc.8',
    source: '@deepseek-ai/dsh 0.1.0-rc.8 and its fork provider as shipped, and their traffic (fork-lab verify)',
  },
  { id: 'code-read', label: 'DeepSeek Harness (code-read)', source: 'deepseek-ai/deepseek-harness, read before it was published' },
] as const satisfies RuntimeVersions;

/** Whether a request's version is the shipped line (the newest, when it names none). */
export function isShippedDeepSeek(runtimeVersion: string | undefined): boolean {
  return runtimeVersion !== 'code-read';
}

/** `deepseek-harness/0.1.0-rc.8 (+https://…)`: the user agent the harness's LLM client sends (dsh-llm). */
export function deepSeekAnnouncedRelease(headers: Readonly<Record<string, string>>): string | null {
  return /^deepseek-harness\/(\d+\.\d+\.\d+(?:-[\w.]+)?)/.exec(headers['user-agent'] ?? '')?.[1] ?? null;
}
