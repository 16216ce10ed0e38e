import type { RuntimeVersions } from '../runtime-version';

/** Codex's MultiAgentV2 `spawn_agent`, as read in codex-rs. */
export const CODEX_VERSIONS = [
  { id: 'codex-rs', label: 'Codex MultiAgentV2 (codex-rs, as read)', source: 'openai/codex codex-rs multi_agents_v2' },
] as const satisfies RuntimeVersions;

/** `codex_exec/0.169.0 (…)` or `codex_cli_rs/0.169.0 (…)`. */
export function codexAnnouncedRelease(headers: Readonly<Record<string, string>>): string | null {
  return headers.version ?? /^codex_[\w]+\/(\d+\.\d+\.\d+)/.exec(headers['user-agent'] ?? '')?.[1] ?? null;
}
