import type { RuntimeVersions } from '../runtime-version';

/** Kimi Code is not on npm: its rules rest on its code alone. */
export const KIMI_VERSIONS = [{ id: 'code-read', label: 'Kimi Code (code-read)', source: 'MoonshotAI/kimi-code' }] as const satisfies RuntimeVersions;
