import type { RuntimeVersions } from '../runtime-version';

/**
 * Codex's MultiAgentV2 `spawn_agent` lines: as 0.169 ships it (every item forked as it is, a task
 * as an agent message), and as read in codex-rs before (a filtered history, last-N windows).
 */
export const CODEX_VERSIONS = [
  {
    id: '0.169',
    label: 'Codex 0.169 (seen in 0.169.0)',
    from: '0.169.0',
    seenIn: '0.169.0',
    source: '@openai/codex 0.169.0 as shipped: its traffic (verify) and the strings of its binary',
  },
  { id: 'codex-rs', label: 'Codex MultiAgentV2 (codex-rs, as read)', source: 'openai/codex codex-rs multi_agents_v2' },
] as const satisfies RuntimeVersions;

export type CodexVersion = (typeof CODEX_VERSIONS)[number]['id'];

/** `codex_exec/0.169.0 (…)` or `codex_cli_rs/0.169.0 (…)`. */
export function codexAnnouncedRelease(headers: Readonly<Record<string, string>>): string | null {
  return headers.version ?? /^codex_[\w]+\/(\d+\.\d+\.\d+)/.exec(headers['user-agent'] ?? '')?.[1] ?? null;
}
