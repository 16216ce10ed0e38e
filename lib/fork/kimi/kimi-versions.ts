import type { RuntimeVersions } from '../runtime-version';

/** Kimi Code's release lines: 2.1 as `@moonshot-ai/kimi-code` ships it, and the repository read in August. */
export const KIMI_VERSIONS = [
  {
    id: '2.1',
    label: 'Kimi Code 2.1 (seen in 2.1.0)',
    from: '2.1.0',
    seenIn: '2.1.0',
    source: '@moonshot-ai/kimi-code 2.1.0 as shipped (dist/main.mjs) and its traffic (fork-lab verify)',
  },
  { id: 'code-read', label: 'Kimi Code (code-read, August)', source: 'MoonshotAI/kimi-code, read before it was published' },
] as const satisfies RuntimeVersions;

export type KimiVersion = (typeof KIMI_VERSIONS)[number]['id'];

/** Whether a request's version is the shipped line (the newest, when it names none). */
export function isShippedKimi(runtimeVersion: string | undefined): boolean {
  return runtimeVersion !== 'code-read';
}

/** `kimi-code-cli/2.1.0`: the user agent Kimi Code sends every provider (`createKimiUserAgent`). */
export function kimiAnnouncedRelease(headers: Readonly<Record<string, string>>): string | null {
  return /^kimi-code-cli\/(\d+\.\d+\.\d+)/.exec(headers['user-agent'] ?? '')?.[1] ?? null;
}
