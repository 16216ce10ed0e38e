import type { RuntimeVersions } from '../runtime-version';

/**
 * Claude Code's fork lines: what 2.1.328 sends, seen in its traffic and read from its binary, and
 * the older reconstruction (docs, published prompt fragments, 2.1.88-era reconstructions) for
 * releases before it.
 */
export const CLAUDE_CODE_VERSIONS = [
  {
    id: '2.1.328',
    label: 'Claude Code 2.1.328 (seen)',
    from: '2.1.328',
    seenIn: '2.1.328',
    source: '@anthropic-ai/claude-code 2.1.328: its traffic (verify) and the JS in its binary',
  },
  { id: '2.1.88', label: 'Claude Code 2.1.88-era reconstruction', source: 'documentation, published prompt fragments and reconstructions of 2.1.88' },
] as const satisfies RuntimeVersions;

export type ClaudeCodeVersion = (typeof CLAUDE_CODE_VERSIONS)[number]['id'];

/** `claude-cli/2.1.328 (external, sdk-cli)`. */
export function claudeCodeAnnouncedRelease(headers: Readonly<Record<string, string>>): string | null {
  return /^claude-cli\/(\d+\.\d+\.\d+)/.exec(headers['user-agent'] ?? '')?.[1] ?? null;
}
